package io.plate.classifier.impl.nb;


import java.util.Optional;
import io.plate.api.learn.KnownWords;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.List;

/**
 * The Bayesian count model: a symmetric Dirichlet(α) prior on each class's word distribution θ_k, and the
 * exact posterior predictive of a whole new document x (n = Σ_w x_w words of the known vocabulary),
 * the Dirichlet-multinomial
 * <pre>
 *   P(x | y = k, data) = n! / Π_w x_w! · Γ(A_k) / Γ(A_k + n) · Π_w Γ(a_kw + x_w) / Γ(a_kw),
 *   a_kw = N_kw + α,  A_k = Σ_w a_kw = N_k + α·V.
 * </pre>
 * The multinomial coefficient is the same for every class and is left out. Unlike the plug-in
 * multinomial model, a word repeated in a document counts less each time (Γ(a + x)/Γ(a) grows slower than
 * a^x): the predictive knows θ is uncertain. A word the model never saw is skipped (and not counted in n).
 */
final class DirichletMultinomialLikelihood implements Likelihood {
    /** What a text without words scores as: no word multiplies the class prior. */
    private static final String WITHOUT_WORDS = "(the class prior)";

    private final WordCounts stats;
    private final int k;
    private final double[] a;
    private final double[] logA;
    private final double[] total;
    private final String learner;
    private final VocabularyIndexCache vocabularies;

    DirichletMultinomialLikelihood(WordCounts stats, double alpha, String learner, VocabularyIndexCache vocabularies) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        this.stats = stats;
        this.k = stats.classes;
        this.learner = learner;
        this.vocabularies = vocabularies;
        a = new double[stats.counts.length];
        logA = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = stats.counts[i] + alpha;
            logA[i] = Math.log(a[i]);
        }
        total = stats.classTotals();
        for (int c = 0; c < k; c++) {
            total[c] += alpha * stats.words();
        }
    }

    /** log Γ(a + x) − log Γ(a), exact for whole x. */
    private double rising(int i, double x) {
        if (x == 1) {
            return logA[i];
        }
        int xi = (int) x;
        if (xi == x) {
            return SpecialFunctions.logRisingFactorial(a[i], xi);
        }
        return SpecialFunctions.logGamma(a[i] + x) - SpecialFunctions.logGamma(a[i]);
    }

    @Override
    public Optional<KnownWords> knownWords(Dataset data) {
        return Optional.of(stats.vocabulary().known(data, WordCounts.source(data, learner), learner, vocabularies,
                WITHOUT_WORDS));
    }

    @Override
    public void addTo(Dataset data, double[][] jll) {
        SparseMatrix m = WordCounts.source(data, learner);
        int[] map = stats.bind(data, m, learner, vocabularies);
        for (int r = 0; r < jll.length; r++) {
            double[] row = jll[r];
            double n = 0;
            for (int i = m.start(r), e = m.end(r); i < e; i++) {
                int w = map[m.column(i)];
                double x = m.value(i);
                if (w < 0 || x == 0) {
                    continue;
                }
                n += x;
                int base = w * k;
                for (int c = 0; c < k; c++) {
                    row[c] += rising(base + c, x);
                }
            }
            if (n > 0) {
                for (int c = 0; c < k; c++) {
                    row[c] -= SpecialFunctions.logGamma(total[c] + n) - SpecialFunctions.logGamma(total[c]);
                }
            }
        }
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        SparseMatrix m = WordCounts.source(data, learner);
        int[] map = stats.bind(data, m, learner, vocabularies);
        double n = 0;
        for (int i = m.start(row), e = m.end(row); i < e; i++) {
            int w = map[m.column(i)];
            double x = m.value(i);
            if (w < 0 || x == 0) {
                continue;
            }
            n += x;
            double[] t = new double[k];
            for (int c = 0; c < k; c++) {
                t[c] = rising(w * k + c, x);
            }
            out.add(new Explanation.Term(stats.vocabulary.get(w), WordTables.num(x), t));
        }
        double[] len = new double[k];
        for (int c = 0; c < k; c++) {
            len[c] = -(SpecialFunctions.logGamma(total[c] + n) - SpecialFunctions.logGamma(total[c]));
        }
        out.add(new Explanation.Term("(document length)", WordTables.num(n), len));
    }

    @Override
    public List<List<FeatureWeight>> telling(int top) {
        double[] w = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            w[i] = logA[i] - Math.log(total[i % k]);
        }
        return WordTables.telling(w, k, stats.vocabulary, top);
    }
}
