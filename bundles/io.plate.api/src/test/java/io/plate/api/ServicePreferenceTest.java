package io.plate.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two providers of one name: the rule of the OSGi core specification (§5.2.5), ranking then service id. */
class ServicePreferenceTest {
    private static Map.Entry<Map<String, Object>, String> provider(String name, Object ranking, Long id, String which) {
        Map<String, Object> props = new HashMap<>();
        props.put("plate.learner", name);
        if (ranking != null) {
            props.put(ServicePreference.RANKING, ranking);
        }
        if (id != null) {
            props.put(ServicePreference.ID, id);
        }
        return Map.entry(props, which);
    }

    private static String pick(List<Map.Entry<Map<String, Object>, String>> bound, String name) {
        return ServicePreference.bound(bound, "plate.learner", name).orElse("none");
    }

    @Test
    void higherRankingWinsWhicheverWasBoundFirst() {
        var low = provider("nb.multinomial", 0, 5L, "low");
        var high = provider("nb.multinomial", 10, 9L, "high");
        assertEquals("high", pick(List.of(low, high), "nb.multinomial"));
        assertEquals("high", pick(List.of(high, low), "nb.multinomial"));
    }

    @Test
    void equalRankingLowerServiceIdWins() {
        var older = provider("nb.multinomial", 3, 5L, "older");
        var newer = provider("nb.multinomial", 3, 9L, "newer");
        assertEquals("older", pick(List.of(newer, older), "nb.multinomial"));
        assertEquals("older", pick(List.of(older, newer), "nb.multinomial"));
    }

    @Test
    void missingOrNonIntegerRankingCountsAsZero() {
        var text = provider("nb.multinomial", "50", 9L, "text ranking");
        var negative = provider("nb.multinomial", -1, 1L, "negative");
        var none = provider("nb.multinomial", null, 7L, "no ranking");
        // "50" is a String, so ranks 0: tie with "no ranking", which has the lower id; -1 ranks below both
        assertEquals("no ranking", pick(List.of(negative, text, none), "nb.multinomial"));
        assertEquals("text ranking", pick(List.of(negative, text), "nb.multinomial"));
    }

    @Test
    void otherNamesAreIgnoredAndAMissIsEmpty() {
        var other = provider("nb.gaussian", 100, 1L, "other");
        var mine = provider("nb.multinomial", -5, 50L, "mine");
        assertEquals("mine", pick(List.of(other, mine), "nb.multinomial"));
        assertTrue(ServicePreference.bound(List.of(other, mine), "plate.learner", "kde").isEmpty());
    }

    @Test
    void withoutServiceIdsTheGivenOrderBreaksTies() {
        var first = provider("nb.multinomial", null, null, "first");
        var second = provider("nb.multinomial", null, null, "second");
        var registered = provider("nb.multinomial", null, 99L, "registered");
        assertEquals("first", pick(List.of(first, second), "nb.multinomial"));
        assertEquals("registered", pick(List.of(first, second, registered), "nb.multinomial"));
        assertEquals(List.of("registered", "first", "second"),
                ServicePreference.sorted(List.of(first, second, registered), (e, k) -> e.getKey().get(k)).stream()
                        .map(Map.Entry::getValue).toList());
    }
}
