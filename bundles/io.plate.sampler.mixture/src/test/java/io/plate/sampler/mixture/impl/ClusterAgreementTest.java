package io.plate.sampler.mixture.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * ARI and NMI against scikit-learn 1.x's {@code adjusted_rand_score} and
 * {@code normalized_mutual_info_score} on the label pairs of {@code cluster-agreement.csv}, made by
 * {@code python3 bench/sklearn_mixture_fixtures.py}.
 */
class ClusterAgreementTest {
    @Test
    void matchesScikitLearnFixtures() throws IOException {
        int cases = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                getClass().getResourceAsStream("/cluster-agreement.csv"), StandardCharsets.UTF_8))) {
            r.readLine();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(",");
                int[] a = ints(f[0]);
                int[] b = ints(f[1]);
                assertEquals(Double.parseDouble(f[2]), ClusterAgreement.adjustedRandIndex(a, b), 1e-12, "ARI " + line);
                assertEquals(Double.parseDouble(f[3]), ClusterAgreement.normalizedMutualInformation(a, b), 1e-12,
                        "NMI " + line);
                cases++;
            }
        }
        assertEquals(27, cases);
    }

    @Test
    void rowsWithMissingTruthAreLeftOut() {
        int[] truth = {0, 0, 1, 1, -1, -1};
        int[] pred = {3, 3, 4, 4, 3, 4};
        assertEquals(1.0, ClusterAgreement.adjustedRandIndex(truth, pred), 1e-15);
        assertEquals(1.0, ClusterAgreement.normalizedMutualInformation(truth, pred), 1e-15);
    }

    private static int[] ints(String s) {
        return Arrays.stream(s.trim().split(" ")).mapToInt(Integer::parseInt).toArray();
    }
}
