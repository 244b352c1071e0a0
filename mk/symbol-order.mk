# `make symbol-order`: profiles the release server under callgrind and rewrites mk/symbol-order.txt, the functions
# the release link lays out first (scripts/symbol-order.py); then relinks, as the list is now newer than the binary.
# Not part of `make test`.
.PHONY: symbol-order
symbol-order: release
	@scripts/install-deps.sh valgrind binutils python3
	python3 scripts/symbol-order.py --binary .build/release/deeplinkd
	$(MAKE) --no-print-directory release
