# The manual: man1 for the programs, man3 one page per public function,
# man7/pab.7 the overview, man7/pab-mpi.7 that of libpab-mpi (whose pages
# are installed whether or not libpab-mpi is built).  tests/check_man.sh
# lints every page and checks that every exported function has its page
# and that this list is complete.
dist_man1_MANS += \
	man/man1/pab-bench.1 \
	man/man1/pab-tictactoe.1
dist_man3_MANS += \
	man/man3/pab_algorithm_from_name.3 \
	man/man3/pab_algorithm_name.3 \
	man/man3/pab_config_init.3 \
	man/man3/pab_config_get_option.3 \
	man/man3/pab_config_init_size.3 \
	man/man3/pab_config_option.3 \
	man/man3/pab_config_option_name.3 \
	man/man3/pab_config_set_option.3 \
	man/man3/pab_config_validate.3 \
	man/man3/pab_cs_clear.3 \
	man/man3/pab_cs_create.3 \
	man/man3/pab_cs_defer.3 \
	man/man3/pab_cs_defer_depth.3 \
	man/man3/pab_cs_destroy.3 \
	man/man3/pab_cs_finished.3 \
	man/man3/pab_cs_move_hash.3 \
	man/man3/pab_cs_set_remote.3 \
	man/man3/pab_cs_starting.3 \
	man/man3/pab_game_init.3 \
	man/man3/pab_game_init_size.3 \
	man/man3/pab_mpi_launched.3 \
	man/man3/pab_mpi_options_init.3 \
	man/man3/pab_mpi_searcher_create.3 \
	man/man3/pab_mpi_searcher_stats.3 \
	man/man3/pab_mpi_version.3 \
	man/man3/pab_perft.3 \
	man/man3/pab_search.3 \
	man/man3/pab_searcher_create.3 \
	man/man3/pab_searcher_create_with_tt.3 \
	man/man3/pab_searcher_destroy.3 \
	man/man3/pab_searcher_get_hooks.3 \
	man/man3/pab_searcher_perft.3 \
	man/man3/pab_searcher_set_hooks.3 \
	man/man3/pab_searcher_set_time_limit.3 \
	man/man3/pab_searcher_stop.3 \
	man/man3/pab_searcher_ticket.3 \
	man/man3/pab_searcher_forget.3 \
	man/man3/pab_searcher_tt.3 \
	man/man3/pab_strerror.3 \
	man/man3/pab_tt_abandon.3 \
	man/man3/pab_tt_bytes.3 \
	man/man3/pab_tt_clear.3 \
	man/man3/pab_tt_clear_shard.3 \
	man/man3/pab_tt_create.3 \
	man/man3/pab_tt_destroy.3 \
	man/man3/pab_tt_enter.3 \
	man/man3/pab_tt_hashfull.3 \
	man/man3/pab_tt_leave.3 \
	man/man3/pab_tt_new_search.3 \
	man/man3/pab_tt_nproc.3 \
	man/man3/pab_tt_prefetch.3 \
	man/man3/pab_tt_probe.3 \
	man/man3/pab_tt_probe_at.3 \
	man/man3/pab_tt_resize_shard.3 \
	man/man3/pab_tt_set_remote.3 \
	man/man3/pab_tt_shard_of.3 \
	man/man3/pab_tt_shards.3 \
	man/man3/pab_tt_store.3 \
	man/man3/pab_tt_store_quiet.3 \
	man/man3/pab_version.3 \
	man/man3/pab_version_number.3
dist_man7_MANS += \
	man/man7/pab.7 \
	man/man7/pab-mpi.7 \
	man/man7/pab-porting.7

PLAIN_TESTS += tests/check_man.sh
EXTRA_DIST += tests/check_man.sh
dist_man1_MANS += man/man1/pab-chess.1
