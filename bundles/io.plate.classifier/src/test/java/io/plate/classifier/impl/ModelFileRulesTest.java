package io.plate.classifier.impl;

import io.plate.api.data.Dataset;
import io.plate.api.learn.Learner;
import io.plate.api.learn.Model;
import io.plate.api.learn.ModelFormatException;
import io.plate.classifier.impl.kernel.KernelClassifierLearner;
import io.plate.classifier.impl.kernel.KernelRegressionLearner;
import io.plate.classifier.impl.nb.CategoricalNaiveBayes;
import io.plate.classifier.impl.nb.GaussianNaiveBayes;
import io.plate.classifier.impl.nb.KernelNaiveBayesLearner;
import io.plate.classifier.impl.nb.MixedNaiveBayes;
import io.plate.classifier.impl.perceptron.PerceptronLearner;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one model-file header, read with the same rules for every model type: a file that a writer of this
 * type could not have produced is refused, with the field named.
 */
class ModelFileRulesTest {
    private static Dataset labelled() {
        return Tiny.data("t")
                .categorical(Tiny.cat("colour", "red", "red", "blue", "blue", "red", "blue"))
                .numeric(Tiny.num("v", 0.1, 0.4, 1.9, 2.2, 0.3, 2.0))
                .numeric(Tiny.num("w", 1.0, 1.5, 0.2, 0.1, 1.1, 0.3))
                .labels(Tiny.cat("class", "p", "p", "q", "q", "p", "q")).build();
    }

    private static Dataset regression() {
        return Tiny.data("r")
                .numeric(Tiny.num("x", 0.0, 1.0, 2.0, 3.0, 4.0, 5.0))
                .target(Tiny.num("y", 0.1, 0.9, 2.1, 2.9, 4.2, 5.1)).build();
    }

    /** (learner, dataset, a parameter and a value the learner refuses). */
    private static List<Object[]> cases() {
        return List.of(
                new Object[] {new CategoricalNaiveBayes(), labelled(), "alpha", "-1"},
                new Object[] {new GaussianNaiveBayes(), labelled(), "var_smoothing", "-1"},
                new Object[] {new MixedNaiveBayes(), labelled(), "alpha", "-1"},
                new Object[] {new KernelNaiveBayesLearner(), labelled(), "alpha", "-1"},
                new Object[] {new KernelClassifierLearner(), labelled(), "kernel", "oval"},
                new Object[] {new KernelRegressionLearner(), regression(), "standardize", "maybe"},
                new Object[] {new PerceptronLearner(), labelled(), "epochs", "-1"});
    }

    private static String text(Model m) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        m.writeJson(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String refused(Learner l, String json) {
        return assertThrows(ModelFormatException.class,
                () -> l.readModel(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))),
                l.name() + " accepted:\n" + json).getMessage();
    }

    @Test
    void everyTypeRefusesBadProvenanceUnknownAndRepeatedFields() throws IOException {
        for (Object[] c : cases()) {
            Learner l = (Learner) c[0];
            Model m = l.fit((Dataset) c[1], l.params(Map.of()), 7);
            String ok = text(m);
            String name = l.name();
            assertEquals(m.classes(), l.readModel(new ByteArrayInputStream(ok.getBytes(StandardCharsets.UTF_8)))
                    .classes(), name);

            String bogus = refused(l, ok.replace("\"params\" : {", "\"params\" : {\n      \"bogus\" : \"1\","));
            assertTrue(bogus.contains("provenance.params") && bogus.contains("bogus"), name + ": " + bogus);

            String p = (String) c[2];
            String bad = ok.replaceFirst("\"" + p + "\" : \"[^\"]*\"", "\"" + p + "\" : \"" + c[3] + "\"");
            assertTrue(!bad.equals(ok), name + " writes " + p);
            String range = refused(l, bad);
            assertTrue(range.contains("provenance.params") && range.contains(p), name + ": " + range);

            String seed = refused(l, ok.replace("\"seed\" : 7", "\"seed\" : \"x\""));
            assertTrue(seed.contains("provenance.seed"), name + ": " + seed);

            String unknown = refused(l, ok.replace("\"provenance\" : {", "\"extra\" : 1,\n  \"provenance\" : {"));
            assertTrue(unknown.contains("'extra'"), name + ": " + unknown);

            String inProvenance = refused(l, ok.replace("\"seed\" : 7", "\"seed\" : 7,\n    \"note\" : \"x\""));
            assertTrue(inProvenance.contains("provenance.note"), name + ": " + inProvenance);

            String twice = refused(l, ok.replace("\"version\" : 1,", "\"version\" : 1,\n  \"version\" : 1,"));
            assertTrue(twice.contains("version"), name + ": " + twice);

            String learner = refused(l, ok.replace("\"learner\" : \"" + name + "\"", "\"learner\" : \"other\""));
            assertTrue(learner.contains("provenance.learner"), name + ": " + learner);
        }
    }

    @Test
    void allZeroClassCountsAreRefused() throws IOException {
        Learner l = new CategoricalNaiveBayes();
        String ok = text(l.fit(labelled(), l.params(Map.of()), 7));
        String zero = ok.replaceFirst("\"classCounts\" : \\[ [^\\]]* \\]", "\"classCounts\" : [ 0.0, 0.0 ]");
        assertTrue(!zero.equals(ok));
        String e = refused(l, zero);
        assertTrue(e.contains("classCounts") && e.contains("all zero"), e);
    }
}
