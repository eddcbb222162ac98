package io.plate.classifier.impl.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.plate.api.PlateException;
import io.plate.api.data.Dataset;
import io.plate.api.data.SparseMatrix;
import io.plate.api.learn.ModelFormatException;
import java.util.List;

/**
 * The sparse count block of {@code nb.kernel}, a multinomial event model: log θ_kw =
 * log((N_kw + α) / (N_k + α V)) and a row adds Σ_w x_w log θ_kw to class k (the multinomial
 * coefficient is the same for every class and is left out). Words are matched by text; a word the model
 * never saw is skipped.
 */
final class MultinomialCountBlock {
    private final List<String> vocabulary;
    private final int classes;
    private final double[] logTheta; // [k * V + w]

    private MultinomialCountBlock(List<String> vocabulary, int classes, double[] logTheta) {
        this.vocabulary = vocabulary;
        this.classes = classes;
        this.logTheta = logTheta;
    }

    static MultinomialCountBlock fit(SparseMatrix m, ClassLabels y, double alpha) {
        int v = m.columns();
        int k = y.count();
        double[] n = new double[k * v];
        double[] tot = new double[k];
        for (int r = 0; r < m.rows(); r++) {
            int cls = y.y(r);
            if (cls < 0) {
                continue;
            }
            for (int i = m.start(r), e = m.end(r); i < e; i++) {
                double x = m.value(i);
                if (x < 0) {
                    throw new PlateException(KernelNames.NB_KERNEL + ": the count block has a negative value " + x
                            + " in row " + (r + 1) + ", column '" + m.vocabulary().get(m.column(i)) + "'");
                }
                n[cls * v + m.column(i)] += x;
                tot[cls] += x;
            }
        }
        double[] lt = new double[k * v];
        for (int cls = 0; cls < k; cls++) {
            double den = Math.log(tot[cls] + alpha * v);
            for (int w = 0; w < v; w++) {
                lt[cls * v + w] = Math.log(n[cls * v + w] + alpha) - den;
            }
        }
        return new MultinomialCountBlock(m.vocabulary(), k, lt);
    }

    void addTo(Dataset data, double[][] logJoint) {
        SparseMatrix m = data.sparse().orElseThrow(() -> new PlateException(KernelNames.NB_KERNEL + ": dataset '"
                + data.name() + "' has no sparse count block, which the model uses"));
        int[] map = m.mapTo(vocabulary);
        int v = vocabulary.size();
        for (int r = 0; r < logJoint.length; r++) {
            double[] row = logJoint[r];
            for (int i = m.start(r), e = m.end(r); i < e; i++) {
                int w = map[m.column(i)];
                if (w < 0) {
                    continue;
                }
                double x = m.value(i);
                for (int cls = 0; cls < classes; cls++) {
                    row[cls] += x * logTheta[cls * v + w];
                }
            }
        }
    }

    /** The term x_w log θ_kw of each known word of row {@code r}. */
    void explain(Dataset data, int r, List<io.plate.api.learn.Explanation.Term> out) {
        SparseMatrix m = data.sparse().orElseThrow(() -> new PlateException(KernelNames.NB_KERNEL + ": dataset '"
                + data.name() + "' has no sparse count block, which the model uses"));
        int[] map = m.mapTo(vocabulary);
        int v = vocabulary.size();
        for (int i = m.start(r), e = m.end(r); i < e; i++) {
            int w = map[m.column(i)];
            if (w < 0) {
                continue;
            }
            double x = m.value(i);
            double[] t = new double[classes];
            for (int cls = 0; cls < classes; cls++) {
                t[cls] = x * logTheta[cls * v + w];
            }
            out.add(new io.plate.api.learn.Explanation.Term(vocabulary.get(w), Double.toString(x), t));
        }
    }

    /** Per class, the {@code top} words with the largest log θ_kw − mean_{j≠k} log θ_jw. */
    List<List<io.plate.api.learn.FeatureWeight>> telling(int top) {
        int v = vocabulary.size();
        List<List<io.plate.api.learn.FeatureWeight>> out = new java.util.ArrayList<>();
        for (int k = 0; k < classes; k++) {
            double[] score = new double[v];
            Integer[] idx = new Integer[v];
            for (int w = 0; w < v; w++) {
                double others = 0;
                for (int j = 0; j < classes; j++) {
                    if (j != k) {
                        others += logTheta[j * v + w];
                    }
                }
                score[w] = logTheta[k * v + w] - (classes > 1 ? others / (classes - 1) : 0);
                idx[w] = w;
            }
            java.util.Arrays.sort(idx, (a, b) -> Double.compare(score[b], score[a]));
            List<io.plate.api.learn.FeatureWeight> list = new java.util.ArrayList<>();
            for (int i = 0; i < Math.min(top, v); i++) {
                list.add(new io.plate.api.learn.FeatureWeight(vocabulary.get(idx[i]), score[idx[i]]));
            }
            out.add(List.copyOf(list));
        }
        return List.copyOf(out);
    }

    void write(ObjectNode root) {
        ObjectNode o = root.putObject("counts");
        ModelJson.put(o, "vocabulary", vocabulary);
        ArrayNode a = o.putArray("logTheta");
        int v = vocabulary.size();
        for (int cls = 0; cls < classes; cls++) {
            ArrayNode row = a.addArray();
            for (int w = 0; w < v; w++) {
                row.add(logTheta[cls * v + w]);
            }
        }
    }

    static MultinomialCountBlock read(JsonNode root, int classes) {
        JsonNode o = ModelJson.field(root, "counts");
        List<String> vocab = ModelJson.strings(o, "counts.vocabulary", -1);
        List<JsonNode> rows = ModelJson.array(o, "counts.logTheta", classes);
        int v = vocab.size();
        double[] lt = new double[classes * v];
        for (int cls = 0; cls < classes; cls++) {
            double[] row = ModelJson.numbersOf(rows.get(cls), "counts.logTheta[" + cls + "]", v, false, false);
            for (int w = 0; w < v; w++) {
                if (row[w] > 0) {
                    throw new ModelFormatException("model file: field 'counts.logTheta[" + cls + "][" + w
                            + "]' is a log probability > 0: " + row[w]);
                }
            }
            System.arraycopy(row, 0, lt, cls * v, v);
        }
        return new MultinomialCountBlock(vocab, classes, lt);
    }
}
