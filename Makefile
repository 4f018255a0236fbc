# wonderlog: the two set-up commands.
#   make run   install what is missing, build (Release), verify the bundled replays
#   make test  install what is missing, build (Release), run every test through ctest
# Extra targets: make asan (sanitizer build + tests), make fuzz (libFuzzer targets, each run for
# FUZZ_SECONDS), make bench, make install, make clean.

BUILD      ?= build
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

.PHONY: run test deps fuzz-deps bench-deps build asan fuzz bench install clean

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

bench: bench-deps build
	@$(BUILD)/wonderlog-bench

install: build
	@cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FUZZ_BUILD)
