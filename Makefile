# deeplinkd: `make run` serves the default config; `make test` runs every test. Both install what they need.
SWIFT ?= swift
CONFIG ?= config/deeplinkd.yaml
BUILD_PACKAGES = libmicrohttpd-dev libgnutls28-dev libqrencode-dev libcurl4-openssl-dev zlib1g-dev pkg-config
TEST_PACKAGES = $(BUILD_PACKAGES) curl openssl zbar-tools librsvg2-bin kotlin strace
SOURCES = Package.swift Sources Tests Plugins Examples/ExpresScanApp/Package.swift Examples/ExpresScanApp/Sources \
	Examples/ExpresScanApp/Tests Benchmarks Fuzz/Sources Package@swift-6.0.swift
# Checks beyond `swift test` that `make test` runs; each mk/*.mk adds its own.
CHECKS =

.PHONY: run test deps test-deps build release format lint clean

deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

test-deps:
	@scripts/install-deps.sh $(TEST_PACKAGES)

build: deps
	$(SWIFT) build

# The Swift runtime is linked statically, by lld (mk/release-toolset.json) with packed relative relocations (RELR,
# glibc 2.36): the loader then touches 2 MB fewer pages at start-up, and the executable stays position-independent.
# Every function has a section of its own and the ones the server runs come first, in the order of
# mk/symbol-order.txt (make symbol-order): 2 MiB less of the code is resident (see docs/performance.md). libstdc++ is
# linked statically as well (mk/static-libstdc++.sh): 1.2 MiB less resident than its shared library.
RELEASE_FLAGS = -c release --product deeplinkd --static-swift-stdlib --toolset mk/release-toolset.json
# SwiftPM does not know the link depends on the order file and the toolset: a binary older than either is relinked.
release: deps
	@for input in mk/release-toolset.json mk/symbol-order.txt mk/static-libstdc++.sh; do \
		[ .build/release/deeplinkd -nt $$input ] || rm -f .build/release/deeplinkd; done
	@mk/static-libstdc++.sh .build/static-libstdc++
	$(SWIFT) build $(RELEASE_FLAGS)

run: release
	.build/release/deeplinkd check --config $(CONFIG) --public Public
	.build/release/deeplinkd serve --config $(CONFIG)

test: test-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory $(CHECKS)

# Formatting; the public surface's budget and documentation (scripts/check-public-api.py); unused imports
# (scripts/check-imports.py).
lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)
	python3 scripts/check-public-api.py
	python3 scripts/check-imports.py

format:
	$(SWIFT) format format --in-place --recursive $(SOURCES)

clean:
	rm -rf .build

include $(sort $(wildcard mk/*.mk))
