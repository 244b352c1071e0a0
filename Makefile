# deeplinkd: `make run` serves the default config; `make test` runs every test. Both install what they need.
SWIFT ?= swift
CONFIG ?= config/deeplinkd.yaml
BUILD_PACKAGES = libmicrohttpd-dev pkg-config
TEST_PACKAGES = $(BUILD_PACKAGES) curl openssl
SOURCES = Package.swift Sources Tests

.PHONY: run test deps test-deps build release format lint clean browser-check dockerfile-check

deps:
	@scripts/install-deps.sh $(BUILD_PACKAGES)

test-deps:
	@scripts/install-deps.sh $(TEST_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product deeplinkd

run: release
	.build/release/deeplinkd check --config $(CONFIG)
	.build/release/deeplinkd serve --config $(CONFIG)

test: test-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory browser-check dockerfile-check

browser-check:
	@scripts/install-deps.sh chromium python3
	python3 scripts/browser-check.py .build/debug/deeplinkd

dockerfile-check:
	scripts/check-dockerfile.sh

lint:
	$(SWIFT) format lint --strict --recursive $(SOURCES)

format:
	$(SWIFT) format format --in-place --recursive $(SOURCES)

clean:
	rm -rf .build
