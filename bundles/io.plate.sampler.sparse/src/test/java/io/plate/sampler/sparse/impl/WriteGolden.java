package io.plate.sampler.sparse.impl;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Wrote {@code golden/nb-sparse-v1.json} once (kept to show how the golden file was made). */
public final class WriteGolden {
    private WriteGolden() {
    }

    public static void main(String[] args) throws Exception {
        var m = SparseNaiveBayesTest.LEARNER.fit(SparseNaiveBayesTest.train(), SparseNaiveBayesTest.LEARNER.params(
                Map.of("alpha", "0.5", "a", "2", "b", "0.7", "sharedP", "true")), 5L);
        try (OutputStream out = Files.newOutputStream(Path.of(args[0]))) {
            m.writeJson(out);
        }
    }
}
