package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import io.plate.api.learn.ParamSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A learner's or sampler's key=value words: a word without '=' is told the parameter it may mean. */
class ArgsTest {
    private static final List<ParamSpec> GAUSSIAN = List.of(ParamSpec.positive("var_smoothing", "1e-9", "added"),
            ParamSpec.bool("fit_prior", "true", "learn the prior"));

    private static String refusal(List<String> words, List<ParamSpec> specs) {
        return assertThrows(PlateException.class, () -> Args.keyValues(words, "nb.gaussian", specs)).getMessage();
    }

    @Test
    void aWordWithoutItsValueIsToldTheParameterItMayMean() {
        assertEquals("expected key=value, got 'var' (did you mean var_smoothing?)", refusal(List.of("var"), GAUSSIAN));
        assertEquals("expected key=value, got 'fit_prir' (did you mean fit_prior?)",
                refusal(List.of("alpha=1", "fit_prir"), GAUSSIAN));
        assertEquals("expected key=value, got 'iris' (plate:params nb.gaussian lists the parameters)",
                refusal(List.of("iris"), GAUSSIAN));
        assertEquals("expected key=value, got '=3' (nb.gaussian takes no parameters)", refusal(List.of("=3"), List.of()));
        assertEquals(Map.of("var_smoothing", "1e-8"), Args.keyValues(List.of("var_smoothing=1e-8"), "nb.gaussian", GAUSSIAN));
    }
}
