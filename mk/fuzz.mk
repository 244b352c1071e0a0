# libFuzzer with AddressSanitizer on the resolver, patterns and charsets, config loading and landing pages (Fuzz/).
# `make fuzz` runs each target for FUZZ_SECONDS; `make test` runs the smoke: 7 s each, about 30 s after the build.
FUZZ_SECONDS ?= 300
FUZZ_SMOKE_SECONDS ?= 7
CHECKS += fuzz-smoke
.PHONY: fuzz fuzz-smoke
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_ARGS)

fuzz-smoke: deps
	scripts/fuzz.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_ARGS)
