# tests of othello
if HAVE_CRITERION
UNIT_TESTS += tests/test_othello
check_PROGRAMS += tests/test_othello
endif
tests_test_othello_SOURCES = tests/test_othello.c
tests_test_othello_CFLAGS = $(TEST_CFLAGS)
tests_test_othello_LDADD = $(TEST_LIBS)
EXTRA_DIST += tests/data/othello-perft.txt
