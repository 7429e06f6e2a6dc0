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

UNIT_TESTS += tests/test_api tests/test_search
check_PROGRAMS += tests/test_api tests/test_search
tests_test_api_SOURCES = tests/test_api.c
tests_test_api_CFLAGS = $(TEST_CFLAGS)
tests_test_api_LDADD = $(TEST_LIBS)
tests_test_search_SOURCES = tests/test_search.c
tests_test_search_CFLAGS = $(TEST_CFLAGS)
tests_test_search_LDADD = $(TEST_LIBS) -lpthread

# Each public header compiles on its own; only pab_ symbols are exported.
PLAIN_TESTS += tests/check_headers.sh tests/check_symbols.sh tests/check_programs.sh \
	tests/check_format.sh
EXTRA_DIST += tests/check_headers.sh tests/check_symbols.sh tests/check_programs.sh \
	tests/check_format.sh
# lib/ calls only go down: no circle among its files (from nm's view).
PLAIN_TESTS += tests/check_layers.sh
EXTRA_DIST += tests/check_layers.sh
AM_TESTS_ENVIRONMENT += CC='$(CC)'; export CC;

# The simulated multiprocessor as a cluster (config.sim_nodes).
if HAVE_CRITERION
UNIT_TESTS += tests/test_sim_cluster
check_PROGRAMS += tests/test_sim_cluster
endif
tests_test_sim_cluster_SOURCES = tests/test_sim_cluster.c
tests_test_sim_cluster_CFLAGS = $(TEST_CFLAGS)
tests_test_sim_cluster_LDADD = $(TEST_LIBS)

# Remote homes and searcher hooks (what libpab-mpi stands on), without MPI.
UNIT_TESTS += tests/test_remote
check_PROGRAMS += tests/test_remote
tests_test_remote_SOURCES = tests/test_remote.c
tests_test_remote_CFLAGS = $(TEST_CFLAGS)
tests_test_remote_LDADD = $(TEST_LIBS) -lpthread

UNIT_TESTS += tests/test_parallel
check_PROGRAMS += tests/test_parallel
tests_test_parallel_SOURCES = tests/test_parallel.c
tests_test_parallel_CFLAGS = $(TEST_CFLAGS)
tests_test_parallel_LDADD = $(TEST_LIBS) -lpthread

STRESS_TESTS += tests/stress_search
check_PROGRAMS += tests/stress_search
tests_stress_search_SOURCES = tests/stress_search.c
tests_stress_search_CFLAGS = $(AM_CFLAGS)
tests_stress_search_LDADD = examples/games/libpabgames.la lib/libpab.la -lpthread
EXTRA_DIST += tests/lsan.supp tests/stress.h tests/tree_fixture.h

# pab-chess tune net's threads, in the thread suite too.
STRESS_TESTS += tests/stress_train.sh
EXTRA_DIST += tests/stress_train.sh

# Stop, ticket, time and node limits at 8-256 threads, with a latency bound.
# Its bound is a latency, as is check_mpi.sh's (ranks stop within
# PAB_MPI_BOUND_MS): scripts/check.sh and scripts/sanitize.sh run the tests
# `make print-early-tests` lists together, then each of
# `make print-latency-tests` alone, on cores no other test is using;
# distcheck, which runs them all at once, leaves the bounds out (configure
# --disable-latency-bound).
STRESS_TESTS += tests/stress_stop
if !LATENCY_BOUND
AM_TESTS_ENVIRONMENT += PAB_STOP_BOUND_MS=600000; export PAB_STOP_BOUND_MS;
AM_TESTS_ENVIRONMENT += PAB_MPI_BOUND_MS=600000; export PAB_MPI_BOUND_MS;
endif
AM_DISTCHECK_CONFIGURE_FLAGS = --disable-latency-bound
LATENCY_TESTS_CASE = tests/stress_stop*|tests/check_mpi.sh
print-early-tests:
	@for t in $(TESTS); do \
	    case $$t in $(LATENCY_TESTS_CASE)) ;; *) echo $$t ;; esac; \
	done
print-latency-tests:
	@for t in $(TESTS); do \
	    case $$t in $(LATENCY_TESTS_CASE)) echo $$t ;; esac; \
	done
# make check as scripts/check.sh and scripts/sanitize.sh run it: the early
# tests together, then each latency test alone.
check-apart:
	@status=0; \
	$(MAKE) check TESTS="`$(MAKE) -s print-early-tests | tr '\n' ' '`" || \
	    status=1; \
	for t in `$(MAKE) -s print-latency-tests`; do \
	    $(MAKE) check TESTS="$$t" >/dev/null || { \
	        status=1; tail -n 5 "$$t.log"; }; \
	done; \
	exit $$status
check_PROGRAMS += tests/stress_stop
tests_stress_stop_SOURCES = tests/stress_stop.c
tests_stress_stop_CFLAGS = $(AM_CFLAGS)
tests_stress_stop_LDADD = examples/games/libpabgames.la lib/libpab.la -lpthread
include tests/chess.mk
include tests/splitpoint.mk
include tests/uci.mk

# The simulated multiprocessor: one OS thread, so no thread-sanitizer run.
if HAVE_CRITERION
UNIT_TESTS += tests/test_simulate
check_PROGRAMS += tests/test_simulate
endif
tests_test_simulate_SOURCES = tests/test_simulate.c
tests_test_simulate_CFLAGS = $(TEST_CFLAGS)
tests_test_simulate_LDADD = $(TEST_LIBS)

# Where the nodes go (config.diagnostics).
if HAVE_CRITERION
UNIT_TESTS += tests/test_diagnostics
check_PROGRAMS += tests/test_diagnostics
endif
tests_test_diagnostics_SOURCES = tests/test_diagnostics.c
tests_test_diagnostics_CFLAGS = $(TEST_CFLAGS)
tests_test_diagnostics_LDADD = $(TEST_LIBS)

# Its MSI memory and timing noise, from the runtime's own sources: the
# directory's delays are checked row by row, below the library's API.
if HAVE_CRITERION
UNIT_TESTS += tests/test_sim_memory
check_PROGRAMS += tests/test_sim_memory
endif
tests_test_sim_memory_SOURCES = tests/test_sim_memory.c lib/sim_memory.c \
	lib/runtime_sim.c lib/runtime_threads.c
tests_test_sim_memory_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/lib
tests_test_sim_memory_CFLAGS = $(TEST_CFLAGS) $(ATOMIC_OPS_CFLAGS)
tests_test_sim_memory_LDADD = $(CRITERION_LIBS) $(ATOMIC_OPS_LIBS) -lpthread

# The measurement scripts run (toy sizes), so they cannot rot unseen.
PLAIN_TESTS += tests/check_scripts.sh
EXTRA_DIST += tests/check_scripts.sh scripts

# pab-bench compare tells a busy machine (two spinners beside it).
PLAIN_TESTS += tests/check_bench.sh
EXTRA_DIST += tests/check_bench.sh

# The libpab 0.4 game table: undo records, scored and staged generation.
if HAVE_CRITERION
UNIT_TESTS += tests/test_porting
check_PROGRAMS += tests/test_porting
endif
tests_test_porting_SOURCES = tests/test_porting.c
tests_test_porting_CFLAGS = $(TEST_CFLAGS)
tests_test_porting_LDADD = $(TEST_LIBS)

# The libpab 0.4 config: tunables, progress, the soft time limit.
if HAVE_CRITERION
UNIT_TESTS += tests/test_tuning
check_PROGRAMS += tests/test_tuning
endif
tests_test_tuning_SOURCES = tests/test_tuning.c
tests_test_tuning_CFLAGS = $(TEST_CFLAGS)
tests_test_tuning_LDADD = $(TEST_LIBS) -lpthread

# pab-porting(7): its snippets and tests/porting_main.c compile and run.
PLAIN_TESTS += tests/check_porting.sh
EXTRA_DIST += tests/check_porting.sh tests/porting_main.c
AM_TESTS_ENVIRONMENT += PAB_TEST_CFLAGS='$(SANITIZER_CFLAGS)'; export PAB_TEST_CFLAGS;

# The match runner (examples/chess/match.mjs): its statistics, openings,
# referee and two quick self-play games; skipped without node and its
# npm packages (cd examples/chess && npm install).
PLAIN_TESTS += tests/check_match.sh
EXTRA_DIST += tests/check_match.sh

# libpab-mpi across ranks, under mpirun (tests/check_mpi.sh).
if HAVE_MPI
check_PROGRAMS += tests/mpi_search tests/mpi_latency
PLAIN_TESTS += tests/check_mpi.sh
endif
tests_mpi_latency_SOURCES = tests/mpi_latency.c examples/common/ranks.c
tests_mpi_latency_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
tests_mpi_latency_LDADD = lib/mpi/libpab-mpi.la examples/games/libpabgames.la \
	lib/libpab.la $(MPI_LIBS) -lpthread
tests_mpi_search_SOURCES = tests/mpi_search.c examples/common/ranks.c
tests_mpi_search_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
tests_mpi_search_LDADD = lib/mpi/libpab-mpi.la examples/games/libpabgames.la \
	lib/libpab.la $(MPI_LIBS) -lpthread
EXTRA_DIST += tests/check_mpi.sh
AM_TESTS_ENVIRONMENT += MPIRUN='$(MPIRUN)'; export MPIRUN;
AM_TESTS_ENVIRONMENT += MPI_CFLAGS='$(MPI_CFLAGS)'; export MPI_CFLAGS;
