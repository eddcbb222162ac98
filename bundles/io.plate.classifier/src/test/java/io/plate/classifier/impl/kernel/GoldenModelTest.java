package io.plate.classifier.impl.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** Model files written by version 1 ({@code src/test/resources/kernel/golden/}) still load and predict as a fresh fit. */
class GoldenModelTest {
    @Test
    void goldenFilesLoadAndPredictAsAFreshFit() throws IOException {
        for (String name : GoldenModels.names()) {
            Object[] c = GoldenModels.cases().get(name);
            Learner learner = (Learner) c[0];
            Dataset data = (Dataset) c[2];
            Model golden;
            try (InputStream in = GoldenModelTest.class.getResourceAsStream("/kernel/golden/" + name)) {
                golden = learner.readModel(in);
            }
            Model fresh = GoldenModels.fit(name);
            assertEquals(fresh.type(), golden.type());
            assertEquals(fresh.classes(), golden.classes());
            // parameters added since the file was written are absent from it; the others are unchanged
            golden.provenance().params().forEach((k, v) -> assertEquals(fresh.provenance().params().get(k), v, name + " " + k));
            assertEquals(7, golden.provenance().seed());
            if (golden.isRegression()) {
                assertArrayEquals(fresh.predict(data), golden.predict(data), 0, name);
            } else {
                double[][] a = fresh.predictLogProba(data);
                double[][] b = golden.predictLogProba(data);
                for (int r = 0; r < a.length; r++) {
                    assertArrayEquals(a[r], b[r], 0, name + " row " + r);
                }
            }
        }
    }
}
