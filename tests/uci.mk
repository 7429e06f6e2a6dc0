# pab-chess as a GUI drives it (check_uci.sh), and the libFuzzer target of
# its UCI parser (fuzz_uci.c, built by tests/fuzz/run-fuzzers.sh).
PLAIN_TESTS += tests/check_uci.sh
EXTRA_DIST += tests/check_uci.sh tests/fuzz_uci.c
