# `make bench`: deeplinkd against nginx and gnutls-serv under wrk (pinned and shared, two load shapes), callgrind's
# instruction counts, memory, start-up, table scale, the threading comparison, the routing micro-benchmarks and the
# app side (the generated Swift compiled with swiftc -O against a hand-written switch); writes docs/performance.md
# and its measurements, docs/performance.json (about 45 min after the build). Not part of `make test`;
# Tests/system/test_bench_report.py checks the bench's pure parts there, test_bench_app.py the app side in quick mode.
# A check of the whole pipeline in a few minutes (into .build/bench/): make bench BENCH_ARGS=--quick
# Every option: make bench BENCH_ARGS=--help
BENCH_ARGS ?= --threading
.PHONY: bench
bench: release
	@scripts/install-deps.sh wrk nginx gnutls-bin valgrind binutils openssl python3
	python3 scripts/bench --binary .build/release/deeplinkd $(BENCH_ARGS)
