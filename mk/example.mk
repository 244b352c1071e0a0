# The app's half, as an app builds it.
#
# example-check: the example app package (Examples/ExpresScanApp, its own .build). The DeepLinkRoutesPlugin generates
# its DeepLink enum from Sources/ExpresScan/deeplinkd.yaml, a copy of config/deeplinkd.yaml followed by the example's
# own routes (a screen behind sign-in; the copy is compared here, as are the golden vectors its tests read), and its
# tests run: a launch through the inbox with an injected clock, every entry point, the differential against the
# .build/debug/deeplinkd that `make test` built (found through DEEPLINKD_BINARY, serving Public through
# DEEPLINKD_PUBLIC) on 22,101 strings, the vectors with no server (an inbox agreeing with /resolve's wait in every pair
# of states among them), redaction and validation. Its EveryShape target does the same with a table of every config
# shape and hostile name. About a minute from a clean .build, a few seconds when nothing changed.
#
# generated-code-check: Tests/GeneratedCode (pytest, with the system tests' virtual environment). The generated file
# compiled with swiftc against .build/debug/Modules in every setting an app builds with (Swift 5 and 6, the upcoming
# features, default MainActor isolation, a caller in another module); every keyword and member name check accepts
# compiled; a 2,000-route table type-checked within 1 GiB; the README's and DocC catalog's snippets compiled; the
# plugin tool's diagnostics and the generate-deep-links command. About 3 minutes.
CHECKS += example-check generated-code-check
SYSTEM_VENV ?= .venv-system
EXAMPLE = Examples/ExpresScanApp
.PHONY: example-check generated-code-check example-vectors generated-api-article

example-check:
	@head -c $$(wc -c < config/deeplinkd.yaml) $(EXAMPLE)/Sources/ExpresScan/deeplinkd.yaml | cmp -s - config/deeplinkd.yaml || { echo "$(EXAMPLE)/Sources/ExpresScan/deeplinkd.yaml does not begin with config/deeplinkd.yaml: copy it again, then the example's own routes"; exit 1; }
	@.build/debug/deeplinkd generate vectors --config $(EXAMPLE)/Sources/ExpresScan/deeplinkd.yaml | \
		cmp -s - $(EXAMPLE)/Tests/ExpresScanTests/Vectors/deeplinkd-vectors.json || { echo "the example's golden vectors are stale: make example-vectors"; exit 1; }
	$(SWIFT) build --package-path $(EXAMPLE) --build-tests
	DEEPLINKD_BINARY=$(CURDIR)/.build/debug/deeplinkd DEEPLINKD_PUBLIC=$(CURDIR)/Public $(SWIFT) test --package-path $(EXAMPLE) --skip-build

# Writes the example's golden vectors again from its table.
example-vectors:
	.build/debug/deeplinkd generate vectors --config $(EXAMPLE)/Sources/ExpresScan/deeplinkd.yaml --output $(EXAMPLE)/Tests/ExpresScanTests/Vectors/deeplinkd-vectors.json

generated-code-check: $(SYSTEM_VENV)/installed
	cd Tests/GeneratedCode && ../../$(SYSTEM_VENV)/bin/python -m pytest

# Writes the DocC catalog's article of the generated API again from the default table.
generated-api-article:
	.build/debug/deeplinkd generate swift --docc --config config/deeplinkd.yaml --output Sources/DeepLinkRouting/DeepLinkRouting.docc/GeneratedAPI.md
