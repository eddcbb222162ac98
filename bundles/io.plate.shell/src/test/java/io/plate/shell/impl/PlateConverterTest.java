package io.plate.shell.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.apache.felix.service.command.Converter;
import org.junit.jupiter.api.Test;

/**
 * A model printed by plate:train or plate:load says the name it is kept under, which a user types next
 * (plate:predict NAME …); without --name it was only found with plate:models (train keeps DATASET.LEARNER,
 * load the file's name). A model in a Gogo variable passed where a command takes a model's name gives that name.
 */
class PlateConverterTest {
    @Test
    void aKeptModelSaysItsName() {
        Workspace w = new Workspace();
        ModelCommandsTest.FixedModel kept = new ModelCommandsTest.FixedModel(Map.of(), 0);
        w.putModel("votes.test.fixed", kept);
        PlateConverter c = new PlateConverter(w);
        assertEquals(kept.toString().strip() + "\nkept as model 'votes.test.fixed'",
                c.format(kept, Converter.INSPECT, null).toString());
        ModelCommandsTest.FixedModel other = new ModelCommandsTest.FixedModel(Map.of(), 0); // equal, not kept
        assertEquals(other.toString(), c.format(other, Converter.INSPECT, null).toString());
        assertNull(c.format("text", Converter.INSPECT, null), "not Plate's: Gogo's own rendering");
        // m = plate:train …; plate:predict $m DATA: the model in the variable gives its name, not its summary line
        assertEquals("votes.test.fixed", c.convert(String.class, kept));
        assertNull(c.convert(String.class, other));
    }
}
