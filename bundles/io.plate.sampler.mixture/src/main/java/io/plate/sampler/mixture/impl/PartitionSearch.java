package io.plate.sampler.mixture.impl;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Finds the partition that minimises an {@link ExpectedLoss} by greedy search, after SALSO (Dahl,
 * Johnson and Müller 2022): each start is either a stored draw or a sequential allocation of the rows in
 * random order (each row joins the cluster, or a new one, that lowers the loss of the rows placed so
 * far); then sweeps move single rows to their best cluster and, when no row moves, the best improving
 * merge of two clusters is made, until neither helps. The best partition over all starts wins.
 *
 * <p>The search never builds the n × n similarity matrix: it keeps, for every draw d, the contingency
 * table n_kl between the candidate and d (laid out {@code [l * cap + k]}, so a row's scores over all
 * candidate clusters read one contiguous run per draw). Moving a row costs O(M K) for M draws and K
 * clusters; a sweep O(n M K).
 */
final class PartitionSearch {
    /** Sweeps per start before giving up on convergence (each sweep only lowers the loss). */
    static final int MAX_SWEEPS = 100;
    private static final double EPS = 1e-10;

    /**
     * @param partition     the best partition found, labelled by first appearance
     * @param expectedLoss  its expected loss
     * @param bestDraw      the stored draw with the lowest expected loss among the candidates tried
     *                      (for Binder's loss this is Dahl's 2006 least-squares draw)
     * @param bestDrawLoss  that draw's expected loss
     */
    record Result(int[] partition, double expectedLoss, int[] bestDraw, double bestDrawLoss) {
    }

    private final ExpectedLoss loss;
    private final List<int[]> draws;
    private final int rows;
    private final int maxClusters;
    private final double[] f;
    private final double twoOverM;
    private final int[] c;
    private int[] sizes;
    private int[][] tables;
    private int cap;
    private int used;
    private int nonEmpty;
    private double[] score;

    private PartitionSearch(ExpectedLoss loss, int maxClusters) {
        this.loss = loss;
        this.draws = loss.draws();
        this.rows = loss.rows();
        this.maxClusters = Math.max(1, Math.min(maxClusters, rows));
        this.f = loss.f();
        this.twoOverM = 2.0 / draws.size();
        this.c = new int[rows];
        int kd = 0;
        for (int m = 0; m < draws.size(); m++) {
            kd = Math.max(kd, loss.drawClusters(m));
        }
        this.cap = Math.min(this.maxClusters, kd + 2);
        this.tables = new int[draws.size()][];
        this.sizes = new int[cap];
        this.score = new double[cap + 1];
    }

    /**
     * The loss-minimising partition with at most {@code maxClusters} clusters.
     *
     * @param candidates draws evaluated as starting points (the best of them starts a search)
     * @param sequential starts by sequential allocation in random order
     */
    static Result minimise(ExpectedLoss loss, int maxClusters, List<int[]> candidates, int sequential,
            UniformRandomProvider rng) {
        PartitionSearch s = new PartitionSearch(loss, maxClusters);
        int[] bestDraw = null;
        double bestDrawLoss = Double.POSITIVE_INFINITY;
        for (int[] d : candidates) {
            if (ExpectedLoss.labels(d) > s.maxClusters) {
                continue;
            }
            double l = loss.of(d);
            if (l < bestDrawLoss) {
                bestDrawLoss = l;
                bestDraw = d;
            }
        }
        int[] best = null;
        double bestLoss = Double.POSITIVE_INFINITY;
        if (bestDraw != null) {
            s.load(bestDraw);
            s.improve(rng);
            best = canonical(s.c);
            bestLoss = loss.of(best);
        }
        for (int t = 0; t < sequential; t++) {
            s.allocateSequentially(rng);
            s.improve(rng);
            int[] p = canonical(s.c);
            double l = loss.of(p);
            if (best == null || l < bestLoss - EPS * (1 + Math.abs(bestLoss))) {
                best = p;
                bestLoss = l;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no start: give candidate draws or sequential starts");
        }
        return new Result(best, bestLoss, bestDraw == null ? null : bestDraw.clone(), bestDrawLoss);
    }

    /** Relabels by first appearance (labels must be ≥ 0). */
    static int[] canonical(int[] p) {
        int[] map = new int[ExpectedLoss.labels(p)];
        Arrays.fill(map, -1);
        int next = 0;
        int[] out = new int[p.length];
        for (int r = 0; r < p.length; r++) {
            if (map[p[r]] < 0) {
                map[p[r]] = next++;
            }
            out[r] = map[p[r]];
        }
        return out;
    }

    private void reset() {
        Arrays.fill(c, -1);
        Arrays.fill(sizes, 0);
        for (int m = 0; m < tables.length; m++) {
            int cells = loss.drawClusters(m) * cap;
            if (tables[m] == null || tables[m].length != cells) {
                tables[m] = new int[cells];
            } else {
                Arrays.fill(tables[m], 0);
            }
        }
        used = 0;
        nonEmpty = 0;
    }

    private void load(int[] start) {
        int[] p = canonical(start);
        while (ExpectedLoss.labels(p) > cap) {
            grow();
        }
        reset();
        for (int r = 0; r < rows; r++) {
            add(r, p[r]);
        }
    }

    private void allocateSequentially(UniformRandomProvider rng) {
        reset();
        int[] order = new int[rows];
        for (int r = 0; r < rows; r++) {
            order[r] = r;
        }
        for (int r = rows - 1; r > 0; r--) {
            int j = rng.nextInt(r + 1);
            int t = order[r];
            order[r] = order[j];
            order[j] = t;
        }
        for (int r : order) {
            add(r, bestCluster(r, -1));
        }
    }

    /** Sweeps in random order, then merges, until neither lowers the loss. */
    private void improve(UniformRandomProvider rng) {
        int[] order = new int[rows];
        for (int r = 0; r < rows; r++) {
            order[r] = r;
        }
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            for (int r = rows - 1; r > 0; r--) {
                int j = rng.nextInt(r + 1);
                int t = order[r];
                order[r] = order[j];
                order[j] = t;
            }
            int moved = 0;
            for (int r : order) {
                int a = c[r];
                remove(r, a);
                int b = bestCluster(r, a);
                add(r, b);
                if (b != a) {
                    moved++;
                }
            }
            if (moved == 0 && !mergeBestPair()) {
                return;
            }
        }
    }

    /**
     * The cluster that row r (not counted in any cluster now) should join: the one with the lowest
     * change of Σ f(n_k) − (2/M) Σ_m Σ f(n_kl); {@code stay} (its previous cluster, or −1) wins ties.
     */
    private int bestCluster(int r, int stay) {
        int u = used;
        Arrays.fill(score, 0, u, 0);
        for (int m = 0; m < tables.length; m++) {
            int[] t = tables[m];
            int base = draws.get(m)[r] * cap;
            for (int k = 0; k < u; k++) {
                int x = t[base + k];
                score[k] += f[x + 1] - f[x];
            }
        }
        int best = -1;
        double bestScore = Double.POSITIVE_INFINITY;
        int fresh = -1;
        for (int k = 0; k < u; k++) {
            if (sizes[k] == 0) {
                if (fresh < 0) {
                    fresh = k;
                }
                continue;
            }
            double s = f[sizes[k] + 1] - f[sizes[k]] - twoOverM * score[k];
            if (s < bestScore) {
                bestScore = s;
                best = k;
            }
        }
        if (nonEmpty < maxClusters) {
            if (fresh < 0) {
                if (u == cap) {
                    grow();
                }
                fresh = u;
            }
            double s = f[1] - 2 * f[1]; // a new cluster shares no row with any draw's cluster yet
            if (s < bestScore) {
                bestScore = s;
                best = fresh;
            }
        }
        if (stay >= 0 && best != stay) {
            double sStay = sizes[stay] == 0 ? -f[1] : f[sizes[stay] + 1] - f[sizes[stay]] - twoOverM * score[stay];
            if (sStay <= bestScore + EPS * (1 + Math.abs(bestScore))) {
                return stay;
            }
        }
        return best;
    }

    /** Merges the two clusters whose merge lowers the loss most; false when no merge lowers it. */
    private boolean mergeBestPair() {
        int ba = -1;
        int bb = -1;
        double bestDelta = -EPS * (1 + rows);
        for (int a = 0; a < used; a++) {
            if (sizes[a] == 0) {
                continue;
            }
            for (int b = a + 1; b < used; b++) {
                if (sizes[b] == 0) {
                    continue;
                }
                double cross = 0;
                for (int m = 0; m < tables.length; m++) {
                    int[] t = tables[m];
                    for (int l = 0, kd = loss.drawClusters(m); l < kd; l++) {
                        int xa = t[l * cap + a];
                        int xb = t[l * cap + b];
                        cross += f[xa + xb] - f[xa] - f[xb];
                    }
                }
                double delta = f[sizes[a] + sizes[b]] - f[sizes[a]] - f[sizes[b]] - twoOverM * cross;
                if (delta < bestDelta) {
                    bestDelta = delta;
                    ba = a;
                    bb = b;
                }
            }
        }
        if (ba < 0) {
            return false;
        }
        for (int r = 0; r < rows; r++) {
            if (c[r] == bb) {
                remove(r, bb);
                add(r, ba);
            }
        }
        return true;
    }

    private void add(int r, int k) {
        c[r] = k;
        if (sizes[k]++ == 0) {
            nonEmpty++;
        }
        used = Math.max(used, k + 1);
        for (int m = 0; m < tables.length; m++) {
            tables[m][draws.get(m)[r] * cap + k]++;
        }
    }

    private void remove(int r, int k) {
        c[r] = -1;
        if (--sizes[k] == 0) {
            nonEmpty--;
        }
        for (int m = 0; m < tables.length; m++) {
            tables[m][draws.get(m)[r] * cap + k]--;
        }
    }

    /** Doubles the label capacity (up to the cluster limit), keeping every count. */
    private void grow() {
        int next = Math.min(Math.max(cap + 1, 2 * cap), Math.max(maxClusters, cap + 1));
        for (int m = 0; m < tables.length; m++) {
            if (tables[m] == null) {
                continue;
            }
            int kd = loss.drawClusters(m);
            int[] t = new int[kd * next];
            for (int l = 0; l < kd; l++) {
                System.arraycopy(tables[m], l * cap, t, l * next, cap);
            }
            tables[m] = t;
        }
        sizes = Arrays.copyOf(sizes, next);
        score = new double[next + 1];
        cap = next;
    }
}
