# tests of connect4
if HAVE_CRITERION
UNIT_TESTS += tests/test_connect4
check_PROGRAMS += tests/test_connect4
endif
tests_test_connect4_SOURCES = tests/test_connect4.c
tests_test_connect4_CFLAGS = $(TEST_CFLAGS)
tests_test_connect4_LDADD = $(TEST_LIBS)
EXTRA_DIST += tests/data/connect4.txt
