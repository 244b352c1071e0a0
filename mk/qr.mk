# `make qr-bench`: times `deeplinkd qr --csv` on 10,000 stickers (SVG and PNG) with the release build and reads a
# sample back with zbarimg (scripts/qr-bench.py); the figure is in docs/performance.md. Not part of `make test`.
.PHONY: qr-bench
qr-bench: release
	@scripts/install-deps.sh zbar-tools python3
	python3 scripts/qr-bench.py --binary .build/release/deeplinkd
