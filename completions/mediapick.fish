# fish completion for mediapick; installed by `make install` into share/fish/vendor_completions.d.

set -l subcommands app demo thumb camera
complete -c mediapick -n "not __fish_seen_subcommand_from $subcommands" -a app -d 'the main screen: pick through a sheet'
complete -c mediapick -n "not __fish_seen_subcommand_from $subcommands" -a demo -d 'the app on a generated sample library'
complete -c mediapick -n "not __fish_seen_subcommand_from $subcommands" -a thumb -d 'print thumbnails to stdout'
complete -c mediapick -n "not __fish_seen_subcommand_from $subcommands" -a camera -d 'take a photo with a camera'

set -l notthumb "not __fish_seen_subcommand_from thumb"
# Candidates
complete -c mediapick -n $notthumb -s r -l recursive -d 'descend into sub-folders'
complete -c mediapick -n $notthumb -l hidden -d 'include dot files'
complete -c mediapick -n $notthumb -l read0 -d 'candidates on stdin are NUL-separated'
# Selection
complete -c mediapick -n $notthumb -s l -l limit -x -a '0 1 2 3 5 10' -d 'pick at most N entries (0 = no limit)'
complete -c mediapick -n $notthumb -s m -l multi -d 'pick any number of entries'
complete -c mediapick -n $notthumb -s f -l filter -x -a 'images videos all' -d 'kinds of media shown'
complete -c mediapick -n $notthumb -l preselect -r -F -d 'start with PATH selected'
complete -c mediapick -n $notthumb -s q -l query -x -d 'initial filename search'
complete -c mediapick -n $notthumb -l sort -x -a 'date name size input' -d 'order'
complete -c mediapick -n $notthumb -l reverse -d 'reverse the order'
# Output
complete -c mediapick -n $notthumb -s 0 -l print0 -d 'end each result with NUL'
complete -c mediapick -n $notthumb -l format -x -a 'lines json' -d 'output format'
complete -c mediapick -n $notthumb -s o -l output -r -F -d 'write the results to FILE'
complete -c mediapick -n $notthumb -l export -x -a '(__fish_complete_directories)' -d 'copy the picks into DIR'
complete -c mediapick -n $notthumb -l jpeg-quality -x -a '0.6 0.7 0.8 0.9 1' -d 'JPEG quality for --export'
complete -c mediapick -n $notthumb -l tile -x -a '8x4 12x6 16x8 20x10' -d 'thumbnail size in cells'
# Display (all subcommands)
complete -c mediapick -l symbols -x -a 'ascii blocks quadrants sextants braille auto' -d 'glyphs of thumbnails'
complete -c mediapick -l colors -x -a 'none 16 256 truecolor auto' -d 'colour depth'
complete -c mediapick -l graphics -x -a 'auto kitty sixel iterm2 symbols' -d 'how pictures are drawn'
complete -c mediapick -l cell-size -x -a '8x16 10x20 12x24' -d 'pixels per cell where the terminal cannot say'
complete -c mediapick -l no-cache -d 'do not use the thumbnail cache'
# Thumb
complete -c mediapick -n "__fish_seen_subcommand_from thumb" -l size -x -a '20x10 40x20 80x40' -d 'thumbnail size in cells'
complete -c mediapick -n "__fish_seen_subcommand_from thumb" -l fit -x -a 'fit fill stretch' -d 'how the picture is fitted'
# General
complete -c mediapick -s h -l help -d 'show the help and exit'
complete -c mediapick -s V -l version -d 'show the version and exit'
# Camera
complete -c mediapick -n "__fish_seen_subcommand_from camera" -l device -x -a '(ls /dev/video* 2>/dev/null) lavfi:testsrc2' -d 'camera: /dev/videoN, lavfi:GRAPH or a URL'
complete -c mediapick -n "__fish_seen_subcommand_from camera" -l list -d 'list the cameras and exit'
