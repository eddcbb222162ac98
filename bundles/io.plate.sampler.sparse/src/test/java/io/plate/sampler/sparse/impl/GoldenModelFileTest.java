package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.learn.Model;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A model file written by Plate 0.1.0 ({@code src/test/resources/golden/nb-sparse-v1.json}, fitted on the
 * toy data of {@link SparseNaiveBayesTest} with alpha=0.5, a=2, b=0.7, sharedP=true, seed 5) must keep
 * loading and predict what it stored: P(y | x) ∝ (N_y + 1)/(N + 2) · Π_i predictive[i][y][x_i], computed
 * here from the file's numbers. (It was fitted before the indicator prior was restricted to non-empty
 * sets, so a fresh fit of the same data no longer reproduces its predictive; the file keeps its own.)
 */
class GoldenModelFileTest {
    @Test
    void version1FileStillLoadsAndPredictsWhatItStored() throws IOException {
        Model golden;
        try (InputStream in = getClass().getResourceAsStream("/golden/nb-sparse-v1.json")) {
            golden = SparseNaiveBayesTest.LEARNER.readModel(in);
        }
        JsonNode file;
        try (InputStream in = getClass().getResourceAsStream("/golden/nb-sparse-v1.json")) {
            file = new ObjectMapper().readTree(in);
        }
        assertEquals(List.of("no", "yes"), golden.classes());
        assertEquals(5L, golden.provenance().seed());
        Dataset data = SparseNaiveBayesTest.train();
        double[][] got = golden.predictLogProba(data);
        JsonNode rows = file.get("classRows");
        double n = rows.get(0).asDouble() + rows.get(1).asDouble();
        for (int r = 0; r < data.rows(); r++) {
            double[] logp = new double[2];
            for (int y = 0; y < 2; y++) {
                logp[y] = Math.log((rows.get(y).asDouble() + 1) / (n + 2));
                for (JsonNode f : file.get("features")) {
                    CategoricalColumn col = data.categorical().stream()
                            .filter(c -> c.name().equals(f.get("name").asText())).findFirst().orElseThrow();
                    int code = col.codes()[r];
                    if (code == CategoricalColumn.MISSING) {
                        continue;
                    }
                    String level = col.levels().get(code);
                    int k = 0;
                    while (!f.get("levels").get(k).asText().equals(level)) {
                        k++;
                    }
                    logp[y] += Math.log(f.get("predictive").get(y).get(k).asDouble());
                }
            }
            double norm = Math.log(Math.exp(logp[0]) + Math.exp(logp[1]));
            for (int y = 0; y < 2; y++) {
                assertEquals(logp[y] - norm, got[r][y], 1e-12, "row " + r + " class " + y);
            }
        }
    }
}
