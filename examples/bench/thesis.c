/*
 * Tables 6.3-6.8 of the thesis, as printed: for each ordering of tg1 at
 * depth 6, the one-processor time and nodes, and for each scheme and
 * processor count the best split parameter found (m_A, m_B, or
 * m_C,a/m_C,c) with its speedup, search overhead and CSS overhead.
 */
#include <stdbool.h>
#include <string.h>

#include "thesis.h"

typedef struct thesis_row {
    const char *m; /* the split parameter the thesis chose */
    double su, so, css;
} thesis_row;

typedef struct thesis_table {
    const char *table;
    const char *ordering;
    uint64_t t1, n1;      /* table 6.3 */
    thesis_row row[3][3]; /* scheme A, B, C by p = 12, 24, 48 */
} thesis_table;

static const thesis_table tables[] = {
    {"6.4",
     "32,79,5",
     220380112,
     22123280,
     {{{"4", 7.423, 0.467, 0.102},
       {"5", 11.089, 0.520, 0.424},
       {"2", 12.817, 0.858, 1.016}},
      {{"6", 7.705, 0.398, 0.114},
       {"5", 11.385, 0.528, 0.380},
       {"1", 12.811, 0.866, 1.008}},
      {{"-1,3", 7.461, 0.420, 0.133},
       {"-1,3", 10.405, 0.595, 0.446},
       {"-5,3", 15.116, 1.760, 0.150}}}},
    {"6.5",
     "20,69,19",
     59604402,
     6034410,
     {{{"3", 6.531, 0.519, 0.210},
       {"2", 8.785, 0.666, 0.640},
       {"1", 7.046, 1.225, 2.062}},
      {{"4", 6.752, 0.444, 0.231},
       {"2", 8.828, 0.519, 0.789},
       {"1", 6.855, 0.737, 3.031}},
      {{"-1,3", 6.410, 0.459, 0.283},
       {"-3,3", 8.897, 1.370, 0.138},
       {"-4,3", 11.180, 1.971, 0.445}}}},
    {"6.6",
     "32,66,66",
     202468590,
     20495914,
     {{{"4", 6.395, 0.711, 0.097},
       {"3", 10.858, 0.747, 0.265},
       {"3", 13.558, 0.456, 1.432}},
      {{"5", 6.473, 0.714, 0.082},
       {"3", 10.928, 0.730, 0.270},
       {"2", 13.607, 0.463, 1.410}},
      {{"0,3", 8.571, 0.192, 0.175},
       {"0,3", 11.982, 0.223, 0.638},
       {"-3,3", 16.342, 1.490, 0.180}}}},
    {"6.7",
     "32,33,33",
     411967993,
     40776051,
     {{{"6", 6.319, 0.766, 0.075},
       {"6", 10.983, 0.871, 0.168},
       {"3", 15.727, 0.901, 0.606}},
      {{"7", 6.425, 0.778, 0.050},
       {"5", 11.067, 0.905, 0.138},
       {"2", 15.805, 0.903, 0.596}},
      {{"0,1", 7.363, 0.414, 0.153},
       {"-1,1", 11.058, 0.803, 0.204},
       {"-3,1", 17.882, 1.440, 0.100}}}},
    {"6.8",
     "32,0,0",
     1855606486,
     178053342,
     {{{"6", 7.126, 0.644, 0.024},
       {"4", 11.486, 1.020, 0.034},
       {"5", 19.732, 1.086, 0.166}},
      {{"8", 7.186, 0.637, 0.020},
       {"6", 11.720, 0.965, 0.042},
       {"4", 19.899, 1.090, 0.154}},
      {{"-5,0", 7.517, 0.532, 0.042},
       {"-8,0", 12.176, 0.879, 0.049},
       {"-12,0", 20.796, 1.238, 0.031}}}},
};

/* "b,wa,wb" or "b,wa,wb,h" against an ordering. */
static bool same_ordering(const char *params, const char *ordering)
{
    size_t n = strlen(ordering);
    return strncmp(params, ordering, n) == 0 &&
           (params[n] == '\0' || params[n] == ',');
}

bool thesis_print_beside(FILE *f, const char *params, uint64_t t1, uint64_t n1)
{
    static const char *const schemes = "ABC";
    static const unsigned p[3] = {12, 24, 48};
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        const thesis_table *t = &tables[i];
        if (params == NULL || !same_ordering(params, t->ordering))
            continue;
        fprintf(f,
                "thesis table 6.3: t_1 %llu ticks, n_1 %llu nodes; here %llu "
                "(%+.3f %%) and %llu (%+.3f %%)\n",
                (unsigned long long)t->t1, (unsigned long long)t->n1,
                (unsigned long long)t1, 100.0 * ((double)t1 / t->t1 - 1),
                (unsigned long long)n1, 100.0 * ((double)n1 / t->n1 - 1));
        fprintf(f,
                "thesis table %s (%s), PABSim, the best split parameter m "
                "per scheme and p:\n",
                t->table, t->ordering);
        fprintf(f, "%-8s %5s %7s %8s %7s %7s\n", "scheme", "N", "m", "SU", "SO",
                "CSS");
        for (int s = 0; s < 3; s++)
            for (int k = 0; k < 3; k++)
                fprintf(f, "%-8c %5u %7s %8.3f %7.3f %7.3f\n", schemes[s], p[k],
                        t->row[s][k].m, t->row[s][k].su, t->row[s][k].so,
                        t->row[s][k].css);
        return true;
    }
    return false;
}
