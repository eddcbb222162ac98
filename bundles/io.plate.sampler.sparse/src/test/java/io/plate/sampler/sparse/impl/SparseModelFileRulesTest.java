package io.plate.sampler.sparse.impl;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.learn.ModelFormatException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code nb.sparse} files are read with the shared header's rules: what its writer cannot produce is refused. */
class SparseModelFileRulesTest {
    private static final SparseNaiveBayes LEARNER = SparseNaiveBayesTest.LEARNER;

    private static String ok() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LEARNER.fit(SparseNaiveBayesTest.train(), LEARNER.params(Map.of()), 7L).writeJson(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String refused(String json) {
        return assertThrows(ModelFormatException.class,
                () -> LEARNER.readModel(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))),
                "accepted:\n" + json).getMessage();
    }

    private static String change(String json, String regex, String replacement) {
        String out = json.replaceFirst(regex, replacement);
        assertFalse(out.equals(json), regex);
        return out;
    }

    @Test
    void repeatedClassesAreRefused() throws IOException {
        String e = refused(change(ok(), "\"classes\" : \\[ \"no\", \"yes\" \\]", "\"classes\" : [ \"no\", \"no\" ]"));
        assertTrue(e.contains("classes") && e.contains("repeats"), e);
    }

    @Test
    void provenanceParametersAreCheckedAgainstTheLearner() throws IOException {
        String alpha = refused(change(ok(), "\"alpha\" : \"[^\"]*\"", "\"alpha\" : \"-1\""));
        assertTrue(alpha.contains("provenance.params") && alpha.contains("alpha"), alpha);
        String bogus = refused(change(ok(), "\"params\" : \\{", "\"params\" : { \"bogus\" : \"1\","));
        assertTrue(bogus.contains("bogus"), bogus);
        String seed = refused(change(ok(), "\"seed\" : 7", "\"seed\" : \"x\""));
        assertTrue(seed.contains("provenance.seed"), seed);
        String twice = refused(change(ok(), "\"classPrior\" : ", "\"classPrior\" : 1.0, \"classPrior\" : "));
        assertTrue(twice.contains("classPrior"), twice);
    }

    @Test
    void aModelThatHasSeenNoRowIsRefused() throws IOException {
        String e = refused(change(ok(), "\"classRows\" : \\[ [^\\]]* \\]", "\"classRows\" : [ 0, 0 ]"));
        assertTrue(e.contains("classRows") && e.contains("all zero"), e);
    }
}
