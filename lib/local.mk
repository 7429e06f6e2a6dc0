# libpab itself.
lib_LTLIBRARIES += lib/libpab.la
lib_libpab_la_SOURCES = \
	lib/runtime.h lib/prefix.h lib/runtime_threads.c \
	lib/internal.h \
	lib/error.c \
	lib/tt_layout.h lib/tt.c lib/tt_shard.c lib/cs.c \
	lib/runtime_sim.c lib/sim_memory.h lib/sim_memory.c lib/sim_cluster.c \
	lib/game.c lib/perft.c \
	lib/workers.c lib/ns_internal.h lib/negascout.c lib/ns_prune.c \
	lib/quiesce.c lib/correction.c lib/ns_moves.c lib/serial.c \
	lib/lazy_smp.c lib/abdada.c lib/simplified_abdada.c \
	lib/splitpoint.h lib/sp_internal.h lib/sp_sleep.c lib/sp_node.c \
	lib/sp_work.c lib/sp_policy_highest.c lib/sp_policy_random.c lib/sp_move.c \
	lib/sp_policy_select.c lib/sp_scheme.c \
	lib/splitpoint.c lib/ybwc.c lib/jamboree.c lib/pvsplit.c lib/dts.c \
	lib/algorithms.c lib/iterate.c lib/classify.c lib/diagnostics.c lib/options.c lib/config.c lib/searcher.c
lib_libpab_la_CFLAGS = $(AM_CFLAGS) $(VISIBILITY_CFLAGS) $(ATOMIC_OPS_CFLAGS)
lib_libpab_la_LIBADD = $(ATOMIC_OPS_LIBS)
lib_libpab_la_LDFLAGS = -version-info $(PAB_LT_VERSION) -no-undefined
pabinclude_HEADERS += \
	include/pab/pab.h include/pab/common.h include/pab/game.h \
	include/pab/tt.h include/pab/cs.h include/pab/search.h
