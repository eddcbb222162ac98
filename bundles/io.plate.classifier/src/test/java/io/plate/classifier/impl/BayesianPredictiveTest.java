package io.plate.classifier.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.classifier.impl.nb.DirichletNaiveBayes;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;
import static io.plate.classifier.impl.Tiny.cat;
import static io.plate.classifier.impl.Tiny.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * nb.dirichlet against formulas that do not share its code path: the Dirichlet-multinomial predictive
 * of a document equals the Pólya-urn product of one-word predictives, and the Student-t predictive of a
 * value equals a ratio of Normal-Gamma marginal likelihoods Z(D ∪ {x}) / Z(D) (Murphy 2007, eq. 95).
 */
class BayesianPredictiveTest {
    private final Learner learner = new DirichletNaiveBayes();

    @Test
    void dirichletMultinomialIsThePolyaUrnProduct() {
        String[] docs = {"good cheap good", "good fast", "bad slow bad", "slow", "cheap bad"};
        String[] labels = {"P", "P", "N", "N", "N"};
        double alpha = 0.7;
        double beta = 1.3;
        Dataset train = Tiny.data("t").sparse(Tiny.words(docs)).labels(cat("class", labels)).build();
        Model m = learner.fit(train, learner.params(Map.of("alpha", "0.7", "class_alpha", "1.3")), 0);
        // a test document, its own vocabulary, with a word never seen in training
        String[] query = {"good", "good", "cheap", "unseen", "slow"};
        Dataset test = Tiny.data("q").sparse(Tiny.words(String.join(" ", query))).build();

        Set<String> vocab = new HashSet<>();
        Map<String, Map<String, Integer>> counts = new HashMap<>();
        Map<String, Integer> totals = new HashMap<>();
        Map<String, Integer> docsPerClass = new HashMap<>();
        for (int i = 0; i < docs.length; i++) {
            docsPerClass.merge(labels[i], 1, Integer::sum);
            for (String w : docs[i].split(" ")) {
                vocab.add(w);
                counts.computeIfAbsent(labels[i], k -> new HashMap<>()).merge(w, 1, Integer::sum);
                totals.merge(labels[i], 1, Integer::sum);
            }
        }
        double[] joint = new double[2];
        List<String> classes = m.classes();
        for (int k = 0; k < 2; k++) {
            String c = classes.get(k);
            double p = (docsPerClass.get(c) + beta) / (docs.length + 2 * beta);
            Map<String, Integer> drawn = new HashMap<>();
            int j = 0;
            for (String w : query) {
                if (!vocab.contains(w)) {
                    continue; // unseen words are skipped
                }
                double nw = counts.get(c).getOrDefault(w, 0) + drawn.getOrDefault(w, 0);
                p *= (nw + alpha) / (totals.get(c) + alpha * vocab.size() + j);
                drawn.merge(w, 1, Integer::sum);
                j++;
            }
            joint[k] = p;
        }
        double[] lp = m.predictLogProba(test)[0];
        for (int k = 0; k < 2; k++) {
            assertEquals(joint[k] / (joint[0] + joint[1]), Math.exp(lp[k]), 1e-12);
        }
        // unlike the plug-in multinomial, a repeated word counts less each time
        assertTrue(m.toString().contains("nb.dirichlet"));
    }

    /** log Z of a Normal-Gamma model: log of the marginal likelihood of xs. */
    private static double logMarginal(double[] xs, double mu0, double kappa0, double a0, double b0) {
        int n = xs.length;
        double mean = 0;
        for (double x : xs) {
            mean += x;
        }
        mean = n > 0 ? mean / n : 0;
        double ss = 0;
        for (double x : xs) {
            ss += (x - mean) * (x - mean);
        }
        double kn = kappa0 + n;
        double an = a0 + n / 2.0;
        double bn = b0 + ss / 2 + kappa0 * n * (mean - mu0) * (mean - mu0) / (2 * kn);
        return Gamma.logGamma(an) - Gamma.logGamma(a0) + a0 * Math.log(b0) - an * Math.log(bn)
                + 0.5 * Math.log(kappa0 / kn) - n / 2.0 * Math.log(2 * Math.PI);
    }

    @Test
    void studentTIsARatioOfMarginalLikelihoods() {
        double[] h = {1.0, 2.5, 0.3, 4.0, 3.1, 2.0, 3.3, 1.7};
        String[] y = {"P", "N", "P", "N", "P", "P", "N", "N"};
        double kappa0 = 0.5;
        double a0 = 2;
        double b0Scale = 0.8;
        Dataset train = Tiny.data("t").numeric(num("h", h)).labels(cat("class", y)).build();
        Model m = learner.fit(train, learner.params(Map.of("kappa0", "0.5", "a0", "2", "b0_scale", "0.8")), 0);
        double mu0 = 0;
        for (double v : h) {
            mu0 += v;
        }
        mu0 /= h.length;
        double var = 0;
        for (double v : h) {
            var += (v - mu0) * (v - mu0);
        }
        var /= h.length;
        double b0 = a0 * b0Scale * var;
        double x = 2.7;
        double[] joint = new double[2];
        for (int k = 0; k < 2; k++) {
            String c = m.classes().get(k);
            double[] xs = java.util.stream.IntStream.range(0, h.length).filter(i -> y[i].equals(c))
                    .mapToDouble(i -> h[i]).toArray();
            double[] withX = java.util.Arrays.copyOf(xs, xs.length + 1);
            withX[xs.length] = x;
            double prior = (xs.length + 1.0) / (h.length + 2.0);
            joint[k] = prior * Math.exp(logMarginal(withX, mu0, kappa0, a0, b0) - logMarginal(xs, mu0, kappa0, a0, b0));
        }
        double[] lp = m.predictLogProba(Tiny.data("q").numeric(num("h", x)).build())[0];
        for (int k = 0; k < 2; k++) {
            assertEquals(joint[k] / (joint[0] + joint[1]), Math.exp(lp[k]), 1e-12);
        }
    }
}
