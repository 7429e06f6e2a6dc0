# tests of chess: perft, FEN, make/unmake, keys, notation, searches
if HAVE_CRITERION
UNIT_TESTS += tests/test_chess
check_PROGRAMS += tests/test_chess
endif
tests_test_chess_SOURCES = tests/test_chess.c
tests_test_chess_CFLAGS = $(TEST_CFLAGS)
tests_test_chess_LDADD = $(TEST_LIBS)
EXTRA_DIST += tests/data/perft.txt tests/data/perftsuite.epd tests/data/bk.epd \
	tests/fuzz_fen.c tests/fuzz/run-fuzzers.sh tests/fuzz/corpus
