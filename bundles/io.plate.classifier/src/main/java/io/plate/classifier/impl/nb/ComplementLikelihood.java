package io.plate.classifier.impl.nb;


import java.util.Optional;
import io.plate.api.learn.KnownWords;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import java.util.List;

/**
 * The complement event model of Rennie, Shih, Teevan and Karger (2003), as scikit-learn's ComplementNB:
 * from the counts of every class except k, θ̃_kw = (N_~k,w + α) / Σ_w (N_~k,w + α), and the weight of word
 * w for class k is −log θ̃_kw, or with {@code norm=true} log θ̃_kw / Σ_w log θ̃_kw (weight normalisation).
 * A row scores Σ_w x_w weight_kw; like scikit-learn the class prior is not added (it is only when there
 * is a single class, where it changes nothing).
 */
final class ComplementLikelihood implements Likelihood {
    /** What a text without words scores as: complement adds no prior, and no word tells the classes apart. */
    private static final String WITHOUT_WORDS = "(equal scores for every class), as scikit-learn gives them";

    private final WordCounts stats;
    private final int k;
    private final double[] weight;
    private final String learner;
    private final VocabularyIndexCache vocabularies;

    ComplementLikelihood(WordCounts stats, double alpha, boolean norm, String learner,
            VocabularyIndexCache vocabularies) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        this.stats = stats;
        this.k = stats.classes;
        this.learner = learner;
        this.vocabularies = vocabularies;
        int v = stats.words();
        double[] n = stats.counts;
        double[] comp = new double[n.length];
        double[] den = new double[k];
        for (int w = 0; w < v; w++) {
            double all = 0;
            for (int c = 0; c < k; c++) {
                all += n[w * k + c];
            }
            for (int c = 0; c < k; c++) {
                double x = all + alpha - n[w * k + c];
                comp[w * k + c] = x;
                den[c] += x;
            }
        }
        weight = new double[n.length];
        double[] sum = new double[k];
        for (int i = 0; i < n.length; i++) {
            double l = Math.log(comp[i] / den[i % k]);
            weight[i] = l;
            sum[i % k] += l;
        }
        for (int i = 0; i < n.length; i++) {
            weight[i] = norm ? weight[i] / sum[i % k] : -weight[i];
        }
    }

    @Override
    public Optional<KnownWords> knownWords(Dataset data) {
        return Optional.of(stats.vocabulary().known(data, WordCounts.source(data, learner), learner, vocabularies,
                WITHOUT_WORDS));
    }

    @Override
    public void addTo(Dataset data, double[][] jll) {
        SparseMatrix m = WordCounts.source(data, learner);
        WordTables.addLinear(m, stats.bind(data, m, learner, vocabularies), weight, k, Double.NaN, jll);
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        SparseMatrix m = WordCounts.source(data, learner);
        WordTables.explainLinear(data, m, stats.bind(data, m, learner, vocabularies), weight, k, Double.NaN, stats.vocabulary, row,
                out);
    }

    @Override
    public List<List<FeatureWeight>> telling(int top) {
        return WordTables.telling(weight, k, stats.vocabulary, top);
    }
}
