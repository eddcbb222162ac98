package io.plate.api.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNameTest {
    private static final List<String> COMMANDS = List.of("cluster", "import", "learners", "load", "sample", "samplers",
            "save");

    /** A typed prefix suggests the name it begins, though another is closer in edit distance (lear–load is 2). */
    @Test
    void aPrefixOfOneNameSuggestsThatName() {
        assertEquals(2, NearestName.distance("lear", "load"));
        assertEquals("learners", NearestName.of("lear", COMMANDS));
        assertEquals(List.of("learners"), NearestName.all("lear", COMMANDS));
        // options: the dashes are not part of the prefix
        assertEquals(List.of("--chains"), NearestName.all("--chai", List.of("-c", "--chains", "--checkpoint")));
    }

    /** The phrase appended to a refusal: the names {@link NearestName#all} gives, as "either" lists them; nothing when none is near. */
    @Test
    void theSuggestionIsOnePhrase() {
        assertEquals(" (did you mean sample or samplers?)", NearestName.suggestion("sam", COMMANDS));
        assertEquals(" (did you mean cluster?)", NearestName.suggestion("clustr", COMMANDS)); // one letter left out
        assertEquals("", NearestName.suggestion("xyzzy", COMMANDS));
    }

    @Test
    void aPrefixOfSeveralNamesSuggestsThemAll() {
        assertEquals(List.of("sample", "samplers"), NearestName.all("sam", COMMANDS));
        assertEquals("sample or samplers", NearestName.either(NearestName.all("sam", COMMANDS)));
        assertEquals("a, b or c", NearestName.either(List.of("a", "b", "c")));
        assertEquals("sample", NearestName.of("sam", COMMANDS)); // the closest of them
    }

    @Test
    void aTypoSuggestsTheNearestNameAndNonsenseNothing() {
        assertEquals(List.of("cluster"), NearestName.all("clustr", COMMANDS));
        assertEquals("cluster", NearestName.of("clustr", COMMANDS));
        assertEquals(List.of(), NearestName.all("foo", COMMANDS));
        assertNull(NearestName.of("foo", COMMANDS));
        // one letter begins too many names to be meant as a prefix
        assertEquals(List.of(), NearestName.all("s", List.of("sample", "samplers", "save", "seed")));
    }
}
