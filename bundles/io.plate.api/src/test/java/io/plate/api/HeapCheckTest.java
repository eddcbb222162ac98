package io.plate.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one check of an allocation against the heap, and its figures for people. */
class HeapCheckTest {
    @Test
    void bytesAreWrittenForPeopleInUnitsOf1024() {
        assertEquals("800 B", HeapCheck.bytes(800));
        assertEquals("12 KB", HeapCheck.bytes(12 * 1024 + 100));
        assertEquals("35 MB", HeapCheck.bytes(35L << 20));
        assertEquals("2.0 GB", HeapCheck.bytes(2L << 30));
        assertEquals("29.8 GB", HeapCheck.bytes(32_008_004_512L)); // 32,008,004,512 / 2^30 = 29.81
    }

    @Test
    void theHeapToGiveIsAQuarterMoreThanTheNeedAndAGibibyte() {
        // 13.1 GB × 1.25 = 16.4 GB, rounded up to 17, and 1 more
        assertEquals("give Java a larger heap (java -Xmx18g -jar plate.jar ...)", HeapCheck.largerHeap((long) (13.1 * (1L << 30))));
        assertEquals("give Java a larger heap (java -Xmx2g -jar plate.jar ...)", HeapCheck.largerHeap(256L << 20));
    }

    @Test
    void whatDoesNotFitIsRefusedInOneLine() {
        long need = 1L << 50; // 1,048,576 GB: more than any heap
        PlateException e = assertThrows(PlateException.class, () -> HeapCheck.require(need, "nb.multinomial on 'w'",
                "30,000,000 features × 2 classes", ", or import it with fewer features"));
        assertTrue(e.getMessage().startsWith("nb.multinomial on 'w' needs about 1048576.0 GB of memory (30,000,000 features"
                + " × 2 classes), more than the "), e.getMessage());
        assertTrue(e.getMessage().contains(" the Java heap has free (at most ") && e.getMessage().endsWith(
                "; give Java a larger heap (java -Xmx1310721g -jar plate.jar ...), or import it with fewer features"),
                e.getMessage());
        HeapCheck.require(1024, "a kilobyte", "", ""); // fits
    }
}
