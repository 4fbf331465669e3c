# mediapick — two commands set everything up on a fresh Debian/Ubuntu machine:
#   make demo   installs missing system packages, builds, opens the demo
#   make test   installs missing system packages (tmux, ImageMagick…), builds, runs every test
#   make tsan   the unit tests again under ThreadSanitizer (CI runs both)

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX ?= /usr/local
DESTDIR ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Build and run-time libraries (the C codecs and ncursesw).
BUILD_PACKAGES := libncurses-dev libjpeg-dev libpng-dev libgif-dev libwebp-dev libheif-dev libmd-dev libimagequant-dev libisal-dev pkg-config
# What the tests drive or make fixtures with (libjpeg-turbo-progs: jpegtran, to split a
# JPEG into a scan per component); the second line: real terminals under Xvfb
# (xterm as a VT340 for sixel, kitty on software OpenGL) and chafa to check them against;
# the third: the shells whose completions are run, and groff to check the man page.
TEST_PACKAGES := tmux ncurses-term imagemagick webp libheif-examples libjpeg-turbo-progs file ffmpeg \
	xvfb xterm kitty xdotool fonts-dejavu-core libgl1-mesa-dri chafa \
	zsh fish groff-base
# Peers measured side by side by the benchmark.
BENCH_PACKAGES := chafa libsixel-bin timg jp2a libjpeg-turbo-progs hyperfine imagemagick python3-pip webp fonts-dejavu-core

# Release builds link the Swift runtime statically: the binary then runs without the
# toolchain's libraries installed, and starts in about half the time (the Swift runtime's
# shared libraries are the bulk of a short command's start-up; see docs/performance.md).
# libstdc++ (which the Swift runtime needs) is linked statically too: the runtime's link
# file asks for -lstdc++, and a linker script named libstdc++.so in a folder searched first
# sends the linker to the archive instead. One shared library fewer to load and bind (1,666
# symbol bindings): 0.4 ms of every run. Without the archive the shared library is used.
STATIC_CXX_DIR := .build/static-libstdc++
STATIC_CXX_ARCHIVE := $(shell $(dir $(SWIFT))clang++ -print-file-name=libstdc++.a 2>/dev/null || g++ -print-file-name=libstdc++.a 2>/dev/null)
STATIC_CXX := $(if $(filter /%,$(STATIC_CXX_ARCHIVE)),-Xlinker -L$(CURDIR)/$(STATIC_CXX_DIR))
# --disable-local-rpath: SwiftPM's default RUNPATH of $$ORIGIN made the loader look for every
# system library in the binary's folder first (24 failed opens and 17 failed stats, about
# 0.15 ms of every run); a release binary has no library beside it to find.
# -static-libgcc: the unwinder from libgcc_eh.a, linked in, instead of libgcc_s.so, which
# only the statically linked C++ runtime needed: one shared library fewer, 0.6 ms of every
# run (`mediapick --version`, median of 300 rounds; issue 14 §4).
STATIC_GCC := -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
RELEASE := -c release --static-swift-stdlib --disable-local-rpath $(STATIC_CXX) $(STATIC_GCC)

.PHONY: all deps test-deps bench-deps build debug demo test tsan install uninstall bench bench-build quality fuzz clean

all: build

# Installs only what is missing, so it is quick when everything is there.
define apt_install
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_PACKAGES))

bench-deps: deps
	$(call apt_install,$(BENCH_PACKAGES))

build: deps $(STATIC_CXX_DIR)
	$(SWIFT) build $(RELEASE) --product mediapick

$(STATIC_CXX_DIR):
	@mkdir -p $@
	@$(if $(STATIC_CXX),echo 'INPUT($(STATIC_CXX_ARCHIVE))' > $@/libstdc++.so,true)

debug: deps
	$(SWIFT) build

# Exit status 1 is "quit with nothing picked" (as with fzf), not a failure of the demo.
demo: build
	.build/release/mediapick demo || [ $$? -eq 1 ]

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The unit tests under ThreadSanitizer, built in a folder of their own so the debug build
# stays valid. EndToEndTests are left out: they are not unit tests but drive the debug
# binaries through tmux. Any report makes the test process exit non-zero, so `make` fails.
# The reports go to files and are printed again after the run, so that they end the log (a
# CI log shown by its tail once hid the one report of a failing run among the tests' lines).
TSAN := --sanitize=thread --build-path .build/tsan
TSAN_REPORTS := .build/tsan/reports
tsan: test-deps
	$(SWIFT) build --build-tests $(TSAN)
	@rm -rf $(TSAN_REPORTS) && mkdir -p $(TSAN_REPORTS)
	TSAN_OPTIONS="log_path=$(CURDIR)/$(TSAN_REPORTS)/tsan $$TSAN_OPTIONS" $(SWIFT) test --skip-build $(TSAN) --skip EndToEndTests; \
	status=$$?; \
	if ls $(TSAN_REPORTS)/tsan.* >/dev/null 2>&1; then \
		echo "=== ThreadSanitizer reports ==="; cat $(TSAN_REPORTS)/tsan.*; status=1; \
	fi; \
	exit $$status

bench: bench-build
	.build/release/mediapick-bench $(BENCH_ARGS)

bench-build: bench-deps $(STATIC_CXX_DIR)
	$(SWIFT) build $(RELEASE) --product mediapick
	$(SWIFT) build $(RELEASE) --product mediapick-bench

# Cell-art quality beside chafa, scored by ../shared/tools/artscore.py (see docs/performance.md):
# the renderer on scikit-image's pictures, then `mediapick thumb` as the user sees it on the
# wide set (~210 MB of Debian wallpaper packages, fetched once into ~/.cache/mediapick-quality).
quality: bench-deps $(STATIC_CXX_DIR)
	python3 -m pip install -q pillow scikit-image numpy
	$(SWIFT) build $(RELEASE) --product mediapick
	$(SWIFT) build $(RELEASE) --product mediapick-bench
	scripts/quality --skimage $(QUALITY_ARGS)
	scripts/quality --set wide $(QUALITY_WIDE_ARGS)

# Coverage-guided fuzzing of the decoders, or of the export's transcoders with
# FUZZ_ARGS="transcoders …" (see docs/fuzzing.md).
fuzz: deps
	scripts/fuzz $(FUZZ_ARGS)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 .build/release/mediapick $(DESTDIR)$(PREFIX)/bin/mediapick
	install -m 644 docs/mediapick.1 $(DESTDIR)$(PREFIX)/share/man/man1/mediapick.1
	if [ -d completions ]; then \
		install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
			$(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d; \
		install -m 644 completions/mediapick.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/mediapick; \
		install -m 644 completions/_mediapick $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_mediapick; \
		install -m 644 completions/mediapick.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/mediapick.fish; \
	fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/mediapick $(DESTDIR)$(PREFIX)/share/man/man1/mediapick.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/mediapick \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_mediapick \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/mediapick.fish

clean:
	rm -rf .build
