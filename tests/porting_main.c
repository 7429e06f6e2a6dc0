/*
 * The end of the program tests/check_porting.sh builds from the snippets of
 * pab-porting(7), in their order: the guide's glue must compile and work.
 * Perft through it is the published count; a search through it returns a
 * legal move; the copy-make records search the same tree as make/unmake;
 * in plain mode YBWC on two threads returns serial's value; the timed
 * config ends by its soft limit, not stopped.  Exit 0, or 1 with a line.
 */

static int fail(const char *what)
{
    fprintf(stderr, "porting: %s\n", what);
    return 1;
}

static int search(const pab_game *g, const chess_pos *pos, pab_config *c,
                  pab_result *r)
{
    pab_searcher *s;
    if (pab_searcher_create(&s, g, (size_t)16 << 20) < 0)
        return -1;
    int rc = pab_search(s, pos, c, r);
    pab_searcher_destroy(s);
    return rc;
}

int main(void)
{
    static chess_pos pos;
    char err[160];
    pab_game g, copy;
    pab_config c;
    pab_result r, rc2;
    uint64_t n = 0;

    chess_init();
    glue_game(&g);
    copy = g;
    use_copy_make(&copy);
    chess_start(&pos);
    if (pab_perft(&g, &pos, 4, PAB_PERFT_BULK, &n) < 0 || n != 197281)
        return fail("perft 4 from the start is not 197281");
    if (pab_perft(&copy, &pos, 4, PAB_PERFT_BULK, &n) < 0 || n != 197281)
        return fail("perft 4 through copy-make is not 197281");
    if (chess_from_fen(&pos, chess_bk_positions[0].fen, err, sizeof err) < 0)
        return fail(err);

    pab_config_init(&c);
    c.max_depth = 5;
    c.null_move = false; /* the copy-make table has no null move */
    if (search(&g, &pos, &c, &r) < 0 || !chess_is_legal(&pos, r.best_move))
        return fail("no legal move from the glue");
    if (search(&copy, &pos, &c, &rc2) < 0 || rc2.stats.nodes != r.stats.nodes)
        return fail("copy-make searched another tree");

    pab_config_init(&c);
    c.plain = true;
    c.max_depth = 3;
    if (search(&g, &pos, &c, &r) < 0)
        return fail("plain serial search failed");
    parallel_config(&c, 2);
    if (search(&g, &pos, &c, &rc2) < 0 || rc2.score != r.score)
        return fail("ybwc on two threads disagrees with serial");

    pab_searcher *s;
    if (pab_searcher_create(&s, &g, (size_t)16 << 20) < 0)
        return fail("no searcher");
    timed_config(&c, s, 20, 60000);
    c.max_depth = PAB_DEPTH_MAX;
    int rc = pab_search(s, &pos, &c, &r);
    pab_searcher_destroy(s);
    if (rc < 0 || r.stopped || r.depth < 1)
        return fail("the soft limit did not end the search normally");
    printf("porting: the guide's glue works (%" PRIu64 " nodes at depth %d)\n",
           r.stats.nodes, r.depth);
    return 0;
}
