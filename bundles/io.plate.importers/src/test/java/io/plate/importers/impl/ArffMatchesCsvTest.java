package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ARFF and CSV copies of the same data (SOURCE.txt: "row multiset identical" / "identical to Weka
 * ARFF") import to the same rows: the two importers, written separately, check each other cell by cell.
 */
class ArffMatchesCsvTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "car/car.arff, car/car.csv",
        "nursery/nursery.arff, nursery/nursery.csv",
        "tic-tac-toe/tic-tac-toe.arff, tic-tac-toe/tic-tac-toe.csv",
        "house-votes-84/vote.arff, house-votes-84/house-votes-84.csv",
        "mushroom/mushroom.arff, mushroom/mushroom.csv",
        "breast-cancer-ljubljana/breast-cancer.arff, breast-cancer-ljubljana/breast-cancer.csv"})
    void sameRows(String arff, String csv) {
        // all categorical, so that the CSV importer does not turn digit-only columns into numbers
        ImportOptions all = ImportOptions.builder().categorical(java.util.Set.of("all")).build();
        Dataset a = new ArffImporter().read(Shared.data(arff), ImportOptions.defaults());
        Dataset c = new CsvImporter().read(Shared.data(csv), all);
        assertEquals(c.rows(), a.rows());
        assertEquals(c.categorical().size(), a.categorical().size());
        assertEquals(rows(c), rows(a));
    }

    /** Each row as the texts of its cells (missing = "?") and its label, sorted. */
    private static List<String> rows(Dataset d) {
        List<String> out = new ArrayList<>(d.rows());
        for (int r = 0; r < d.rows(); r++) {
            StringBuilder s = new StringBuilder();
            for (CategoricalColumn col : d.categorical()) {
                String v = col.level(r);
                s.append(v == null ? "?" : v).append(',');
            }
            s.append(d.labels().orElseThrow().level(r));
            out.add(s.toString());
        }
        Collections.sort(out);
        return out;
    }
}
