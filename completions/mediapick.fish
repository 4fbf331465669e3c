# fish completion for mediapick; installed by `make install` into share/fish/vendor_completions.d.

# Whether the subcommand on the command line (its first argument; none is pick mode, as are
# app and demo) is one of $argv: pick, thumb, camera. The parser refuses with exit 2 an option
# its subcommand does not take, so each option is offered only where it is accepted.
function __mediapick_in
    set -l tokens (commandline -opc)
    set -l subcommand pick
    if set -q tokens[2]; and contains -- $tokens[2] thumb camera
        set subcommand $tokens[2]
    end
    contains -- $subcommand $argv
end

# The cameras there are, and the test pattern. A glob that matches nothing is an error in a
# command's arguments but not in `set`, so this says nothing where there is no /dev/video*.
function __mediapick_devices
    set -l devices /dev/video*
    printf '%s\n' $devices lavfi:testsrc2
end

set -l first "test (count (commandline -opc)) -eq 1"
complete -c mediapick -n $first -a app -d 'the main screen: pick through a sheet'
complete -c mediapick -n $first -a demo -d 'the app on a generated sample library'
complete -c mediapick -n $first -a thumb -d 'print thumbnails to stdout'
complete -c mediapick -n $first -a camera -d 'take a photo with a camera'

set -l pick "__mediapick_in pick"
set -l output "__mediapick_in pick camera"
set -l pictures "__mediapick_in pick thumb"
# Candidates
complete -c mediapick -n $pick -s r -l recursive -d 'descend into sub-folders'
complete -c mediapick -n $pick -l hidden -d 'include dot files'
complete -c mediapick -n $pick -l read0 -d 'candidates on stdin are NUL-separated'
# Selection
complete -c mediapick -n $pick -s l -l limit -x -a '0 1 2 3 5 10' -d 'pick at most N entries (0 = no limit)'
complete -c mediapick -n $pick -s m -l multi -d 'pick any number of entries'
complete -c mediapick -n $pick -s f -l filter -x -a 'images videos all' -d 'kinds of media shown'
complete -c mediapick -n $pick -l preselect -r -F -d 'start with PATH selected'
complete -c mediapick -n $pick -s q -l query -x -d 'initial filename search'
complete -c mediapick -n $pick -l sort -x -a 'date name size input' -d 'order'
complete -c mediapick -n $pick -l reverse -d 'reverse the order'
# Output (pick, app, demo and camera)
complete -c mediapick -n $output -s 0 -l print0 -d 'end each result with NUL'
complete -c mediapick -n $output -l format -x -a 'lines json' -d 'output format'
complete -c mediapick -n $output -s o -l output -r -F -d 'write the results to FILE'
complete -c mediapick -n $output -l export -x -a '(__fish_complete_directories)' -d 'copy the picks into DIR'
complete -c mediapick -n $output -l jpeg-quality -x -a '0.6 0.7 0.8 0.9 1' -d 'JPEG quality for --export'
# Display: --symbols, --colors and --no-cache everywhere; pictures and tiles not in camera
complete -c mediapick -l symbols -x -a 'ascii blocks quadrants sextants braille auto' -d 'glyphs of thumbnails'
complete -c mediapick -l colors -x -a 'none 16 256 truecolor auto' -d 'colour depth'
complete -c mediapick -n $pictures -l graphics -x -a 'auto kitty sixel iterm2 symbols' -d 'how pictures are drawn'
complete -c mediapick -n $pictures -l cell-size -x -a '8x16 10x20 12x24' -d 'pixels per cell where the terminal cannot say'
complete -c mediapick -n $pick -l tile -x -a '8x4 12x6 16x8 20x10' -d 'thumbnail size in cells'
complete -c mediapick -l no-cache -d 'do not use the thumbnail cache'
# Thumb
complete -c mediapick -n "__mediapick_in thumb" -l size -x -a '20x10 40x20 80x40' -d 'thumbnail size in cells'
complete -c mediapick -n "__mediapick_in thumb" -l fit -x -a 'fit fill stretch' -d 'how the picture is fitted'
# General
complete -c mediapick -s h -l help -d 'show the help and exit'
complete -c mediapick -s V -l version -d 'show the version and exit'
# Camera
complete -c mediapick -n "__mediapick_in camera" -l device -x -a '(__mediapick_devices)' -d 'camera: /dev/videoN, lavfi:GRAPH or a URL'
complete -c mediapick -n "__mediapick_in camera" -l list -d 'list the cameras and exit'
