# `make bench`: deeplinkd against nginx with wrk, the threading comparison and the routing micro-benchmarks;
# writes docs/performance.md (about 16 min after the build). Not part of `make test`.
# A quick look: make bench BENCH_ARGS='--rounds 1 --duration 2'; every option: python3 scripts/bench.py --help
BENCH_ARGS ?= --threading
.PHONY: bench
bench: release
	@scripts/install-deps.sh wrk nginx gnutls-bin valgrind python3
	python3 scripts/bench.py --binary .build/release/deeplinkd $(BENCH_ARGS)
