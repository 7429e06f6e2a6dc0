# pab-chess as a GUI drives it (check_uci.sh), and the libFuzzer target of
# its UCI parser (fuzz_uci.c, built by tests/fuzz/run-fuzzers.sh).
PLAIN_TESTS += tests/check_uci.sh
EXTRA_DIST += tests/check_uci.sh tests/fuzz_uci.c

# Its time management, alone (timeman.c holds no UCI I/O).
UNIT_TESTS += tests/test_timeman
check_PROGRAMS += tests/test_timeman
tests_test_timeman_SOURCES = tests/test_timeman.c examples/chess/timeman.c
tests_test_timeman_CFLAGS = $(TEST_CFLAGS)
tests_test_timeman_LDADD = $(TEST_LIBS)
