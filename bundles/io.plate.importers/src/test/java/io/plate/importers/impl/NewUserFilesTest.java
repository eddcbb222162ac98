package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Files as a new user brings them from scikit-learn, pandas, numpy and Weka (the new-user test's findings). */
class NewUserFilesTest {
    private static final ImportOptions D = ImportOptions.defaults();

    /** {@code header}, then {@code cells} and {@code more} further rows cycling through them. */
    static String rows(String header, int more, String... cells) {
        StringBuilder s = new StringBuilder(header).append('\n');
        for (int i = 0; i < cells.length + more; i++) {
            s.append(cells[i % cells.length]).append('\n');
        }
        return s.toString();
    }

    @Test
    void spacesAfterTheCommasAreTrimmedFromUnquotedValuesAsFromTheHeader() {
        for (int more : new int[] {0, 300}) { // a file of a few rows, and one replayed into growing columns
            Dataset d = Inputs.csv(rows("a, b, y", more, "1, 2, x", "3, 4, x", "5, 6, z"), D);
            assertEquals(List.of("x", "z"), d.labels().orElseThrow().levels());
            assertEquals(List.of("blue", "red"), Inputs.csv(rows("c, y", more, "red , x", " blue, z"), D)
                    .categorical().get(0).levels());
            // a quoted value keeps its spaces, as Python's csv module keeps them
            assertEquals(List.of(" x", "z"), Inputs.csv(rows("a,y", more, "1,\" x\"", "2,z"), D).labels().orElseThrow().levels());
        }
    }

    @Test
    void numbersWrittenByNumpysSavetxtAreClassesInTheirShortestForm() {
        // np.savetxt(f, np.column_stack([X, y]), delimiter=',', header='a,y', comments='') writes '%.18e'
        ImportOptions cat = ImportOptions.builder().categorical(java.util.Set.of("y")).build();
        for (int more : new int[] {0, 300}) {
            Dataset d = Inputs.csv(rows("a,y", more, "5.099999999999999645e+00,0.000000000000000000e+00",
                    "4.900000000000000355e+00,1.000000000000000000e+00", "4.700000000000000178e+00,2.500000000000000000e+00"), cat);
            assertEquals(List.of("0", "1", "2.5"), d.labels().orElseThrow().levels());
        }
    }
}
