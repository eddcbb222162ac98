package io.plate.api.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.plate.api.PlateException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParamsTest {
    private static final List<ParamSpec> SPECS = List.of(
            ParamSpec.positive("alpha", "1.0", "smoothing"),
            ParamSpec.real("var_smoothing", "1e-9", 0, Double.POSITIVE_INFINITY, "variance floor"),
            ParamSpec.realList("class_prior", null, 0, Double.POSITIVE_INFINITY, false, "prior per class"));

    private static String refusal(String name, String value) {
        return assertThrows(PlateException.class, () -> Params.parse(SPECS, Map.of(name, value))).getMessage();
    }

    @Test
    void nonFiniteNumbersAreRefusedForEveryNumericParameter() {
        // an unbounded range (max = Infinity) means "no upper bound", not "infinity is a value"
        assertEquals("parameter 'alpha' = 'Infinity': must be a finite number", refusal("alpha", "Infinity"));
        // 1e400 is beyond the largest double (about 1.8e308) and parses as Infinity
        assertEquals("parameter 'alpha' = '1e400': must be a finite number", refusal("alpha", "1e400"));
        assertEquals("parameter 'var_smoothing' = 'Infinity': must be a finite number",
                refusal("var_smoothing", "Infinity"));
        assertEquals("parameter 'var_smoothing' = 'NaN': must be a finite number", refusal("var_smoothing", "NaN"));
        assertEquals("parameter 'class_prior' = '1,-Infinity': must be a finite number",
                refusal("class_prior", "1,-Infinity"));
        assertEquals("parameter 'class_prior' = '0.5,1e309': must be a finite number",
                refusal("class_prior", "0.5,1e309"));
        // the largest finite double and a range error still read as before
        assertEquals(1.7976931348623157e308, Params.parse(SPECS, Map.of("alpha", "1.7976931348623157e308"))
                .getDouble("alpha"));
        // the excluded bound itself is answered with the parameter's doc (which says why, and what to give)
        assertEquals("parameter 'alpha' = '0': must be > 0 (alpha: smoothing)", refusal("alpha", "0"));
        assertEquals("parameter 'alpha' = '-1': must be > 0", refusal("alpha", "-1"));
        assertEquals("parameter 'alpha' = 'x': expected a number", refusal("alpha", "x"));
    }

    /** nb.sparse spells burnIn, the other learners var_smoothing: either spelling finds either parameter. */
    @Test
    void namesMatchWhateverTheCaseAndUnderscores() {
        List<ParamSpec> specs = List.of(ParamSpec.integer("burnIn", "500", 0, 1000, "burn-in"),
                ParamSpec.real("var_smoothing", "1e-9", 0, 1, "variance floor"));
        Params p = Params.parse(specs, Map.of("burn_in", "7", "varSmoothing", "0.5"));
        assertEquals(7, p.getInt("burnIn"));
        assertEquals(0.5, p.getDouble("var_smoothing"));
        assertEquals(Map.of("burnIn", "7", "var_smoothing", "0.5"), p.asMap()); // kept under the learner's own names
        assertEquals(3, Params.parse(specs, Map.of("burn-in", "3")).getInt("burnIn"));
        // a list where one number goes says so, with what the parameter is (it said only "expected a number")
        PlateException list = assertThrows(PlateException.class, () -> Params.parse(specs, Map.of("burn_in", "5,7")));
        assertEquals("parameter 'burnIn' = '5,7': expected one whole number, not a list (burnIn: burn-in)",
                list.getMessage());
        PlateException reals = assertThrows(PlateException.class,
                () -> Params.parse(specs, Map.of("var_smoothing", "0.5,0.5")));
        assertEquals("parameter 'var_smoothing' = '0.5,0.5': expected one number, not a list (var_smoothing: variance"
                + " floor)", reals.getMessage());
        assertEquals(4, Params.parse(specs, Map.of("BURNIN", "4")).getInt("burnIn"));
        String twice = assertThrows(PlateException.class,
                () -> Params.parse(specs, new java.util.TreeMap<>(Map.of("burnIn", "1", "burn_in", "2")))).getMessage();
        // both spellings the user gave are named, in the order given (a TreeMap: burnIn before burn_in)
        assertEquals("parameter 'burnIn' is given twice (as 'burnIn' and as 'burn_in')", twice);
        String unknown = assertThrows(PlateException.class, () -> Params.parse(specs, Map.of("burn_out", "1"))).getMessage();
        assertEquals("unknown parameter 'burn_out'; known: burnIn, var_smoothing", unknown); // 4 edits from burnIn: no typo
    }

    /** scikit-learn's None is no value: leaving the parameter out is, and the message says what that gives. */
    @Test
    void noneIsAnsweredWithWhatLeavingTheParameterOutGives() {
        assertEquals("parameter 'var_smoothing' = 'None': None is not a value here; leave the parameter out for its"
                + " default 1e-9 (var_smoothing: variance floor)", refusal("var_smoothing", "None"));
        assertEquals("parameter 'class_prior' = 'None': None is not a value here; leave the parameter out (class_prior:"
                + " prior per class)", refusal("class_prior", "None"));
        List<ParamSpec> text = List.of(ParamSpec.text("weight", null, "column"));
        assertEquals("None", Params.parse(text, Map.of("weight", "None")).getString("weight"), "a text may be None");
    }

    /**
     * An alias (GaussianNB's priors for class_prior) finds its parameter in any spelling and is kept under the
     * parameter's own name; given with the parameter's own name it is refused naming both, as two spellings are.
     */
    @Test
    void anAliasFindsItsParameter() {
        List<ParamSpec> specs = List.of(ParamSpec.realList("class_prior", null, 0, 1e300, false, "prior"),
                ParamSpec.real("var_smoothing", "1e-9", 0, 1, "variance floor"));
        Map<String, String> aliases = Map.of("priors", "class_prior");
        Params p = Params.parse(specs, aliases, Map.of("Priors", "0.2,0.8"));
        assertEquals(Map.of("class_prior", "0.2,0.8", "var_smoothing", "1e-9"), p.asMap());
        String twice = assertThrows(PlateException.class, () -> Params.parse(specs, aliases,
                new java.util.TreeMap<>(Map.of("class_prior", "1,1", "priors", "1,2")))).getMessage();
        assertEquals("parameter 'class_prior' is given twice (as 'class_prior' and as 'priors')", twice);
        assertThrows(PlateException.class, () -> Params.parse(specs, Map.of("priors", "0.2,0.8")),
                "without the alias, priors is unknown");
        assertThrows(IllegalArgumentException.class, () -> Params.parse(specs, Map.of("p", "nope"), Map.of()));
        // a misspelt alias is suggested as the alias (prior is priors with a letter left out, distance 1)
        assertEquals("unknown parameter 'prior' (did you mean priors?); known: class_prior, var_smoothing",
                assertThrows(PlateException.class, () -> Params.parse(specs, aliases, Map.of("prior", "0.2,0.8")))
                        .getMessage());
    }

    /**
     * A misspelt name gets the shell's "did you mean": var_smothing is var_smoothing with one letter left out (edit
     * distance 1), burnim is burnIn with one letter changed once case is set aside (distance 1).
     */
    @Test
    void aMisspeltNameSuggestsTheKnownOne() {
        List<ParamSpec> specs = List.of(ParamSpec.integer("burnIn", "500", 0, 1000, "burn-in"),
                ParamSpec.real("var_smoothing", "1e-9", 0, 1, "variance floor"));
        assertEquals("unknown parameter 'var_smothing' (did you mean var_smoothing?); known: burnIn, var_smoothing",
                assertThrows(PlateException.class, () -> Params.parse(specs, Map.of("var_smothing", "1e-9"))).getMessage());
        assertEquals("unknown parameter 'burnim' (did you mean burnIn?); known: burnIn, var_smoothing",
                assertThrows(PlateException.class, () -> Params.parse(specs, Map.of("burnim", "1"))).getMessage());
    }

    /** Null arguments are a NullPointerException that names the argument, not one from inside the loop. */
    @Test
    void nullArgumentsAreNamed() {
        assertEquals("params", assertThrows(NullPointerException.class, () -> Params.parse(SPECS, null)).getMessage());
        assertEquals("specs", assertThrows(NullPointerException.class, () -> Params.parse(null, Map.of())).getMessage());
    }

    /** A map built in Java may hold a null value (a HashMap, a form left empty): a refusal, not a NullPointerException. */
    @Test
    void aNullValueIsRefusedNamingTheParameter() {
        java.util.Map<String, String> given = new java.util.HashMap<>();
        given.put("alpha", null);
        assertEquals("parameter 'alpha' has no value (give one, or leave the parameter out for its default 1.0)",
                assertThrows(PlateException.class, () -> Params.parse(SPECS, given)).getMessage());
    }

    /** Bounds read as people write them, not as Double.toString: "1e-12", "1e12", "0.5", "1000". */
    @org.junit.jupiter.api.Test
    void rangesShowBoundsAsPeopleWriteThem() {
        org.junit.jupiter.api.Assertions.assertEquals(">= 1e-12, <= 1e12",
                ParamSpec.real("tol", "1e-6", 1e-12, 1e12, "tolerance").range());
        org.junit.jupiter.api.Assertions.assertEquals(">= 0.5, <= 1000",
                ParamSpec.real("a", "1", 0.5, 1000, "a").range());
        org.junit.jupiter.api.Assertions.assertEquals(">= 2.5e-5", ParamSpec.real("b", "1", 2.5e-5,
                Double.POSITIVE_INFINITY, "b").range());
    }

    /** A whole number's type limit is no bound to show ("<= 2.14748e9" was shown); a chosen one is exact. */
    @Test
    void wholeNumberRangesShowExactBoundsAndNotTheTypesLimit() {
        assertEquals(">= 0", ParamSpec.integer("n", "0", 0, Integer.MAX_VALUE, "n").range());
        assertEquals(">= 1, <= 1234567", ParamSpec.integer("n", "1", 1, 1234567, "n").range());
        PlateException e = assertThrows(PlateException.class, () -> Params.parse(
                java.util.List.of(ParamSpec.integer("n", "0", 0, Integer.MAX_VALUE, "n")), java.util.Map.of("n", "3000000000")));
        assertEquals(true, e.getMessage().endsWith("must be >= 0 and at most 2147483647"), e.getMessage());
    }

    /** 1e9 is a whole number in exponent form: the range answers it (it said "expected a whole number"); 2.5 is not one. */
    @Test
    void wholeNumbersInExponentFormMeetTheRange() {
        List<ParamSpec> specs = List.of(ParamSpec.integer("k", "2", 1, 100_000, "number of clusters"));
        assertEquals("parameter 'k' = '1e9': must be >= 1, <= 100000",
                assertThrows(PlateException.class, () -> Params.parse(specs, Map.of("k", "1e9"))).getMessage());
        Params p = Params.parse(specs, Map.of("k", "2.5E3"));
        assertEquals(2500, p.getInt("k"));
        assertEquals("2500", p.asMap().get("k"));
        assertEquals(1000, Params.parse(specs, Map.of("k", "1e3")).getInt("k"));
        for (String notWhole : new String[] {"2.5", "1e-3", "2.55e1", "1e", "e3"}) {
            assertEquals("parameter 'k' = '" + notWhole + "': expected a whole number", assertThrows(PlateException.class,
                    () -> Params.parse(specs, Map.of("k", notWhole))).getMessage());
        }
    }
}
