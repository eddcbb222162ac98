package io.plate.classifier.impl.nb;


import java.util.Optional;
import io.plate.api.learn.KnownWords;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.distributions.numerics.LogMath;
import java.util.List;

/**
 * The Bernoulli event model, as scikit-learn's BernoulliNB: a word is present when its value exceeds
 * {@code binarize}; p_kw = (D_kw + α) / (N_k + 2α) with D_kw the weighted number of class-k rows where
 * w is present. A row scores Σ_{w present} log p_kw + Σ_{w absent} log(1 − p_kw) over the training
 * vocabulary, computed as Σ_w log(1 − p_kw) + Σ_{w present} [log p_kw − log(1 − p_kw)] so the loop over
 * a sparse row touches only its non-zeros. A word the model never saw is skipped.
 */
final class BernoulliLikelihood implements Likelihood {
    /** What a text without words scores as: every word of the vocabulary is absent. */
    private static final String WITHOUT_WORDS = "(the class prior and the absence of every word of the vocabulary), as"
            + " scikit-learn gives them";

    private final WordCounts stats;
    private final int k;
    private final double[] delta;
    private final double[] absent;
    private final double binarize;
    private final String learner;
    private final VocabularyIndexCache vocabularies;

    BernoulliLikelihood(WordCounts docFrequency, double[] classCounts, double alpha, double binarize,
            String learner, VocabularyIndexCache vocabularies) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        this.stats = docFrequency;
        this.k = docFrequency.classes;
        this.binarize = binarize;
        this.learner = learner;
        this.vocabularies = vocabularies;
        double[] den = new double[k];
        for (int c = 0; c < k; c++) {
            den[c] = Math.log(classCounts[c] + 2 * alpha);
        }
        double[] n = docFrequency.counts;
        delta = new double[n.length];
        absent = new double[k];
        for (int i = 0; i < n.length; i++) {
            int c = i % k;
            double lp = Math.log(n[i] + alpha) - den[c];
            double lq = LogMath.log1mExp(lp);
            delta[i] = lp - lq;
            absent[c] += lq;
        }
    }

    @Override
    public Optional<KnownWords> knownWords(Dataset data) {
        return Optional.of(stats.vocabulary().known(data, WordCounts.source(data, learner), learner, vocabularies,
                WITHOUT_WORDS));
    }

    @Override
    public void addTo(Dataset data, double[][] jll) {
        for (double[] row : jll) {
            for (int c = 0; c < k; c++) {
                row[c] += absent[c];
            }
        }
        SparseMatrix m = WordCounts.source(data, learner);
        WordTables.addLinear(m, stats.bind(data, m, learner, vocabularies), delta, k, binarize, jll);
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        out.add(new Explanation.Term("(every word absent)", "", absent));
        SparseMatrix m = WordCounts.source(data, learner);
        WordTables.explainLinear(data, m, stats.bind(data, m, learner, vocabularies), delta, k, binarize, stats.vocabulary, row, out);
    }

    @Override
    public List<List<FeatureWeight>> telling(int top) {
        return WordTables.telling(delta, k, stats.vocabulary, top);
    }
}
