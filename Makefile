# wonderlog: the two set-up commands.
#   make run   install what is missing, build (Release), verify the bundled replays
#   make test  install what is missing, build (Release), run every test through ctest
# Extra targets: make asan (sanitizer build + tests), make fuzz (libFuzzer targets, each run for
# FUZZ_SECONDS), make release (the profile-guided, statically linked build that make bench
# measures and make install installs), make bench, make install, make clean.

BUILD      ?= build
RELEASE_BUILD ?= build-release
ASAN_BUILD ?= build-asan
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
JOBS       ?= 2
# One Debian package per line of need; keep in sync with README.md.
DEB_PACKAGES := g++ cmake make pkg-config ccache libboost-dev libyaml-cpp-dev \
                libcli11-dev libgtest-dev libgmock-dev librapidcheck-dev \
                nlohmann-json3-dev libfmt-dev libutf8proc-dev python3 chromium
# make fuzz only: clang with libFuzzer and the sanitizer runtimes.
FUZZ_PACKAGES := clang libclang-rt-14-dev
# make bench only: pgn-extract, the chess-record checker the benchmark sets beside wonderlog.
BENCH_PACKAGES := pgn-extract

.PHONY: run test deps fuzz-deps bench-deps build release asan fuzz bench install clean

# Installs the missing packages of $(1) (as root) or says which to install.
define install_missing
	missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	  else \
	    echo "wonderlog needs Debian packages that are not installed. Run:"; \
	    echo "  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi
endef

deps:
	@$(call install_missing,$(DEB_PACKAGES))

fuzz-deps:
	@$(call install_missing,$(DEB_PACKAGES) $(FUZZ_PACKAGES))

bench-deps:
	@$(call install_missing,$(DEB_PACKAGES) $(BENCH_PACKAGES))

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# Every bundled replay verified (the disputes are refused: that is what they show), then every
# bundled log checked against the verdict its `expect:` states.
run: build
	@$(BUILD)/wonderlog verify replays; status=$$?; [ $$status -le 1 ] || exit $$status
	@echo; echo '$$ wonderlog test replays fixtures'
	@$(BUILD)/wonderlog test replays fixtures

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

asan: deps
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DWONDERLOG_SANITIZE=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	@cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS)

fuzz: fuzz-deps
	@cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
	  -DWONDERLOG_FUZZ=ON -DWONDERLOG_TESTS=OFF >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_log fuzz_catalog_tea_time \
	  fuzz_catalog_hide_and_seek fuzz_catalog_alicematic fuzz_catalog_rolling
	@bash tests/fuzz/run $(FUZZ_BUILD) $(FUZZ_SECONDS)

# Profile-guided optimisation (docs/performance.md): an instrumented build, its training run
# (bench/train), then the same build directory compiled again with the counts the run wrote.
# The profile is made afresh each time, so it always matches the sources. Each game's own
# sources are also link-time optimised (WONDERLOG_LTO, CMakeLists.txt).
release: deps
	@rm -rf $(RELEASE_BUILD)/pgo-profile
	@cmake -S . -B $(RELEASE_BUILD) -DCMAKE_BUILD_TYPE=Release -DWONDERLOG_TESTS=OFF -DWONDERLOG_STATIC=ON \
	  -DWONDERLOG_LTO=ON -DWONDERLOG_PGO=generate >/dev/null
	@cmake --build $(RELEASE_BUILD) -j $(JOBS) --target wonderlog
	@echo "training the profile-guided build (bench/train)"
	@bash bench/train $(RELEASE_BUILD)
	@cmake -S . -B $(RELEASE_BUILD) -DWONDERLOG_PGO=use >/dev/null
	@cmake --build $(RELEASE_BUILD) -j $(JOBS)

bench: bench-deps release
	@$(RELEASE_BUILD)/wonderlog-bench

install: release
	@cmake --install $(RELEASE_BUILD)

clean:
	rm -rf $(BUILD) $(RELEASE_BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
