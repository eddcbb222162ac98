package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.PlateException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A learner asked by a sampler's name is answered with the command that runs it, as plate:cluster answers a learner's. */
class LearnersTest {
    private final Learners learners = Learners.of(List.of(), List.of("mixture.gaussian", "sparse.collapsed"));

    @Test
    void aSamplersNameGetsTheCommandThatRunsIt() {
        assertEquals("'mixture.gaussian' is a sampler, not a learner; plate:cluster runs it (plate:learners lists the"
                + " learners)", assertThrows(PlateException.class, () -> learners.named("mixture.gaussian")).getMessage());
        assertEquals("'sparse.collapsed' is a sampler, not a learner; plate:sample runs it (plate:learners lists the"
                + " learners)", assertThrows(PlateException.class, () -> learners.named("sparse.collapsed")).getMessage());
        // a name that is neither is still "no learner named"
        assertTrue(assertThrows(PlateException.class, () -> learners.named("nb.gausian")).getMessage()
                .startsWith("no learner named 'nb.gausian'"));
    }
}
