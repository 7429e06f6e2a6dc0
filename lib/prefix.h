/*
 * The static library cannot hide lib/'s internal functions the way the
 * shared one does (-fvisibility=hidden), so every global name of lib/ that
 * is not public API is renamed here to pab__NAME: a program linking
 * libpab.a then meets no unprefixed name of ours (zlib's Z_PREFIX does the
 * same).  The code keeps the short names.  A new internal function or
 * global gets a line here; tests/check_symbols.sh fails on libpab.a until
 * it has one.
 */
#ifndef PAB_PREFIX_H
#define PAB_PREFIX_H

#define algo_abdada              pab__algo_abdada
#define algo_jamboree            pab__algo_jamboree
#define algo_lazy_smp            pab__algo_lazy_smp
#define algo_pvsplit             pab__algo_pvsplit
#define algo_serial              pab__algo_serial
#define algo_simplified_abdada   pab__algo_simplified_abdada
#define algo_ybwc                pab__algo_ybwc
#define algorithm_of             pab__algorithm_of
#define answer_without_search    pab__answer_without_search
#define diag_enter               pab__diag_enter
#define diag_finish              pab__diag_finish
#define diag_leave               pab__diag_leave
#define diag_searched            pab__diag_searched
#define diag_setup               pab__diag_setup
#define game_capacity            pab__game_capacity
#define game_copy                pab__game_copy
#define game_generate            pab__game_generate
#define game_validate            pab__game_validate
#define iterate                  pab__iterate
#define moves_at                 pab__moves_at
#define moves_generate           pab__moves_generate
#define moves_generate_noisy     pab__moves_generate_noisy
#define moves_have_noisy         pab__moves_have_noisy
#define moves_order              pab__moves_order
#define moves_reducible          pab__moves_reducible
#define moves_reward             pab__moves_reward
#define ns_begin                 pab__ns_begin
#define ns_close                 pab__ns_close
#define ns_expand                pab__ns_expand
#define ns_expand_staged         pab__ns_expand_staged
#define ns_horizon               pab__ns_horizon
#define ns_later                 pab__ns_later
#define ns_mate_distance         pab__ns_mate_distance
#define ns_move                  pab__ns_move
#define ns_next                  pab__ns_next
#define ns_plain                 pab__ns_plain
#define ns_probe                 pab__ns_probe
#define ns_quiesce               pab__ns_quiesce
#define ns_record                pab__ns_record
#define ns_root_moves            pab__ns_root_moves
#define ns_search                pab__ns_search
#define options_layout_published pab__options_layout_published
#define options_set_defaults     pab__options_set_defaults
#define options_validate_from    pab__options_validate_from
#define perft_run                pab__perft_run
#define pool_create              pab__pool_create
#define pool_destroy             pab__pool_destroy
#define pool_run                 pab__pool_run
#define rt_alloc_shared          pab__rt_alloc_shared
#define rt_cond_broadcast        pab__rt_cond_broadcast
#define rt_cond_destroy          pab__rt_cond_destroy
#define rt_cond_init             pab__rt_cond_init
#define rt_cond_wait             pab__rt_cond_wait
#define rt_mutex_destroy         pab__rt_mutex_destroy
#define rt_mutex_init            pab__rt_mutex_init
#define rt_mutex_lock            pab__rt_mutex_lock
#define rt_mutex_unlock          pab__rt_mutex_unlock
#define rt_now_ns                pab__rt_now_ns
#define rt_self                  pab__rt_self
#define rt_sim_access            pab__rt_sim_access
#define rt_sim_cond_broadcast    pab__rt_sim_cond_broadcast
#define rt_sim_cond_wait         pab__rt_sim_cond_wait
#define rt_sim_home              pab__rt_sim_home
#define rt_sim_lock              pab__rt_sim_lock
#define rt_sim_node              pab__rt_sim_node
#define rt_sim_now_ns            pab__rt_sim_now_ns
#define rt_sim_run               pab__rt_sim_run
#define rt_sim_thread_join       pab__rt_sim_thread_join
#define rt_sim_thread_start      pab__rt_sim_thread_start
#define rt_sim_unlock            pab__rt_sim_unlock
#define rt_sim_work              pab__rt_sim_work
#define rt_sim_yield             pab__rt_sim_yield
#define rt_thread_join           pab__rt_thread_join
#define rt_thread_start          pab__rt_thread_start
#define rt_yield                 pab__rt_yield
#define run_from_root            pab__run_from_root
#define search_elapsed_ms        pab__search_elapsed_ms
#define search_halted            pab__search_halted
#define search_stopped           pab__search_stopped
#define sim_dir_access           pab__sim_dir_access
#define sim_dir_create           pab__sim_dir_create
#define sim_dir_destroy          pab__sim_dir_destroy
#define sim_dir_set_home         pab__sim_dir_set_home
#define sp_alpha                 pab__sp_alpha
#define sp_anyone_asleep         pab__sp_anyone_asleep
#define sp_ask                   pab__sp_ask
#define sp_book                  pab__sp_book
#define sp_deque_insert          pab__sp_deque_insert
#define sp_deque_remove          pab__sp_deque_remove
#define sp_destroy               pab__sp_destroy
#define sp_enter                 pab__sp_enter
#define sp_expand                pab__sp_expand
#define sp_find_highest          pab__sp_find_highest
#define sp_find_random_owner     pab__sp_find_random_owner
#define sp_get                   pab__sp_get
#define sp_highest_of            pab__sp_highest_of
#define sp_load_position         pab__sp_load_position
#define sp_nap                   pab__sp_nap
#define sp_negascout_move        pab__sp_negascout_move
#define sp_notify_all            pab__sp_notify_all
#define sp_notify_at             pab__sp_notify_at
#define sp_notify_cut            pab__sp_notify_cut
#define sp_notify_work           pab__sp_notify_work
#define sp_open                  pab__sp_open
#define sp_parent                pab__sp_parent
#define sp_pick_victim           pab__sp_pick_victim
#define sp_put                   pab__sp_put
#define sp_refuse                pab__sp_refuse
#define sp_research              pab__sp_research
#define sp_run                   pab__sp_run
#define sp_save_position         pab__sp_save_position
#define sp_search                pab__sp_search
#define sp_serve                 pab__sp_serve
#define sp_test                  pab__sp_test
#define sp_wait_earlier          pab__sp_wait_earlier
#define sp_work_below            pab__sp_work_below
#define sp_work_for              pab__sp_work_for
#define state_clone              pab__state_clone
#define state_free               pab__state_free
#define stats_add                pab__stats_add
#define stop_requested           pab__stop_requested
#define tt_diag_start            pab__tt_diag_start
#define tt_diag_stop             pab__tt_diag_stop
#define tt_shard_free            pab__tt_shard_free
#define worker_fail              pab__worker_fail
#define worker_forget_checks     pab__worker_forget_checks
#define worker_init              pab__worker_init
#define worker_poll              pab__worker_poll
#define worker_release           pab__worker_release
#define worker_root_move         pab__worker_root_move
#define worker_soft_done         pab__worker_soft_done

#endif /* PAB_PREFIX_H */
