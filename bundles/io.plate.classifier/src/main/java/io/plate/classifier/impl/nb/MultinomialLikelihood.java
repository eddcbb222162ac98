package io.plate.classifier.impl.nb;

import io.plate.api.text.Plural;
import java.util.Optional;
import io.plate.api.learn.KnownWords;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.Explanation;
import io.plate.api.learn.FeatureWeight;
import io.plate.classifier.impl.Blocks;
import java.util.List;

/**
 * The multinomial event model, as scikit-learn's MultinomialNB: θ_kw = (N_kw + α) / (N_k + α·V) over the
 * V words of the training vocabulary; a row scores Σ_w x_w log θ_kw. A word the model never saw is skipped
 * (as CountVectorizer.transform drops it). The table is laid out {@code logTheta[w * K + k]}; a model file
 * may also give it directly.
 */
public final class MultinomialLikelihood implements Likelihood {
    /** What a text without words scores as: no word multiplies the class prior. */
    private static final String WITHOUT_WORDS = "(the class prior), as scikit-learn gives them";

    private static final int CACHE = 4096;

    private final BoundVocabulary vocabulary;
    private final int k;
    private final double[] logTheta;
    private final String learner;
    private final VocabularyIndexCache vocabularies;

    private MultinomialLikelihood(BoundVocabulary vocabulary, int k, double[] logTheta, String learner,
            VocabularyIndexCache vocabularies) {
        this.vocabulary = vocabulary;
        this.k = k;
        this.logTheta = logTheta;
        this.learner = learner;
        this.vocabularies = vocabularies;
    }

    /** The smoothed table of {@code stats}. */
    static MultinomialLikelihood of(WordCounts stats, double alpha, String learner,
            VocabularyIndexCache vocabularies) {
        if (!(alpha > 0)) {
            throw new IllegalArgumentException("alpha must be > 0, got " + alpha);
        }
        int k = stats.classes;
        int v = stats.words();
        double[] den = stats.classTotals();
        for (int c = 0; c < k; c++) {
            den[c] = Math.log(den[c] + alpha * v);
        }
        // log(n + α) for small whole counts, computed once: most of a text model's table is such counts
        double[] small = new double[CACHE];
        for (int i = 0; i < CACHE; i++) {
            small[i] = Math.log(i + alpha);
        }
        double[] n = stats.counts;
        double[] logTheta = new double[n.length];
        Blocks.run(v, k, (from, to) -> {
            for (int w = from, i = from * k; w < to; w++) {
                for (int c = 0; c < k; c++, i++) {
                    double x = n[i];
                    int xi = (int) x;
                    double l = xi == x && xi >= 0 && xi < CACHE ? small[xi] : Math.log(x + alpha);
                    logTheta[i] = l - den[c];
                }
            }
            return 0;
        });
        return new MultinomialLikelihood(stats.vocabulary(), k, logTheta, learner, vocabularies);
    }

    /** A table given as it is ({@code logTheta[w * K + k]}), e.g. read from a model file. */
    public static MultinomialLikelihood ofTable(List<String> vocabulary, int k, double[] logTheta, String learner) {
        return new MultinomialLikelihood(new BoundVocabulary(vocabulary), k, logTheta, learner, null);
    }

    public List<String> vocabulary() {
        return vocabulary.words;
    }

    /** log θ of word {@code w} in class {@code c}. */
    public double logTheta(int w, int c) {
        return logTheta[w * k + c];
    }

    @Override
    public Optional<KnownWords> knownWords(Dataset data) {
        return Optional.of(vocabulary.known(data, WordCounts.source(data, learner), learner, vocabularies,
                WITHOUT_WORDS));
    }

    @Override
    public void addTo(Dataset data, double[][] jll) {
        SparseMatrix m = WordCounts.source(data, learner);
        WordTables.addLinear(m, vocabulary.bind(data, m, learner, vocabularies), logTheta, k, Double.NaN, jll);
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        SparseMatrix m = WordCounts.source(data, learner);
        WordTables.explainLinear(data, m, vocabulary.bind(data, m, learner, vocabularies), logTheta, k, Double.NaN,
                vocabulary.words, row, out);
    }

    @Override
    public List<List<FeatureWeight>> telling(int top) {
        return WordTables.telling(logTheta, k, vocabulary.words, top);
    }

    @Override
    public String toString() {
        return Plural.of(vocabulary.words.size(), "word");
    }
}
