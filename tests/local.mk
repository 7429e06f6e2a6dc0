# Tests.  test_<module>.c are Criterion suites; stress_<module>.c are plain
# executables sized by environment knobs (Criterion aborts under
# ThreadSanitizer, so the thread suite runs only those).
TEST_CFLAGS = $(AM_CFLAGS) $(CRITERION_CFLAGS)
TEST_LIBS = examples/games/libpabgames.la lib/libpab.la $(CRITERION_LIBS)
EXTRA_DIST += tests/data

include tests/tables.mk
include tests/connect4.mk
include tests/othello.mk
include tests/tree.mk
