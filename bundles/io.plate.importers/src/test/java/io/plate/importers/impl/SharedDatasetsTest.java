package io.plate.importers.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.plate.api.data.CategoricalColumn;
import io.plate.api.data.Dataset;
import io.plate.api.data.ImportOptions;
import io.plate.api.data.Importer;
import io.plate.api.data.SparseMatrix;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every format loads the shared datasets with the row, feature and class counts stated in their
 * SOURCE.txt (data/NAME/SOURCE.txt, "Counts" sections; the ARFF copies are stated there to
 * hold the same rows as the CSV copies).
 */
class SharedDatasetsTest {
    static Stream<Arguments> files() {
        Importer csv = new CsvImporter();
        Importer arff = new ArffImporter();
        return Stream.of(
                Arguments.of(csv, "mushroom/mushroom.csv", 8124, 22, "e=4208, p=3916"),
                Arguments.of(arff, "mushroom/mushroom.arff", 8124, 22, "e=4208, p=3916"),
                Arguments.of(csv, "house-votes-84/house-votes-84.csv", 435, 16, "democrat=267, republican=168"),
                Arguments.of(arff, "house-votes-84/vote.arff", 435, 16, "democrat=267, republican=168"),
                Arguments.of(csv, "car/car.csv", 1728, 6, "acc=384, good=69, unacc=1210, vgood=65"),
                Arguments.of(arff, "car/car.arff", 1728, 6, "acc=384, good=69, unacc=1210, vgood=65"),
                Arguments.of(csv, "nursery/nursery.csv", 12960, 8,
                        "not_recom=4320, priority=4266, recommend=2, spec_prior=4044, very_recom=328"),
                Arguments.of(arff, "nursery/nursery.arff", 12960, 8,
                        "not_recom=4320, priority=4266, recommend=2, spec_prior=4044, very_recom=328"),
                Arguments.of(csv, "splice-junction/splice.csv", 3190, 61, "EI=767, IE=768, N=1655"),
                Arguments.of(arff, "splice-junction/splice.arff", 3190, 61, "EI=767, IE=768, N=1655"),
                Arguments.of(csv, "tic-tac-toe/tic-tac-toe.csv", 958, 9, "negative=332, positive=626"),
                Arguments.of(arff, "tic-tac-toe/tic-tac-toe.arff", 958, 9, "negative=332, positive=626"),
                Arguments.of(csv, "breast-cancer-ljubljana/breast-cancer.csv", 286, 9,
                        "no-recurrence-events=201, recurrence-events=85"),
                Arguments.of(arff, "breast-cancer-ljubljana/breast-cancer.arff", 286, 9,
                        "no-recurrence-events=201, recurrence-events=85"),
                Arguments.of(csv, "zoo/zoo.csv", 101, 17, "1=41, 2=20, 3=5, 4=13, 5=4, 6=8, 7=10"),
                // zoo.arff names the types (1 mammal, 2 bird, 3 reptile, 4 fish, 5 amphibian, 6 insect, 7 invertebrate)
                Arguments.of(arff, "zoo/zoo.arff", 101, 17,
                        "amphibian=4, bird=20, fish=13, insect=8, invertebrate=10, mammal=41, reptile=5"),
                Arguments.of(csv, "iris/iris.csv", 150, 4, "setosa=50, versicolor=50, virginica=50"),
                Arguments.of(csv, "pima-indians-diabetes/pima-indians-diabetes.csv", 768, 8, "0=500, 1=268"),
                Arguments.of(arff, "pima-indians-diabetes/diabetes.arff", 768, 8,
                        "tested_negative=500, tested_positive=268"),
                Arguments.of(csv, "pima-indians-diabetes/MASS_Pima.tr2.csv", 300, 7, "No=194, Yes=106"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("files")
    void loadsWithStatedCounts(Importer importer, String file, int rows, int features, String classes) {
        // numeric class columns are numeric targets unless named categorical (Weka's rule)
        String numericClass = file.equals("zoo/zoo.csv") ? "type"
                : file.equals("pima-indians-diabetes/pima-indians-diabetes.csv") ? "class" : null;
        ImportOptions o = numericClass == null ? ImportOptions.defaults()
                : ImportOptions.builder().categorical(java.util.Set.of(numericClass)).build();
        Dataset d = importer.read(Shared.data(file), o);
        if (numericClass != null) {
            assertEquals(numericClass, importer.read(Shared.data(file), ImportOptions.defaults()).target().orElseThrow().name());
        }
        assertEquals(rows, d.rows(), "rows");
        assertEquals(features, d.featureCount(), "features");
        assertEquals(classes, classCounts(d.labels().orElseThrow()).toString().replaceAll("[{}]", ""));
    }

    static Map<String, Integer> classCounts(CategoricalColumn labels) {
        Map<String, Integer> m = new TreeMap<>();
        for (int r = 0; r < labels.size(); r++) {
            if (labels.code(r) != CategoricalColumn.MISSING) {
                m.merge(labels.level(r), 1, Integer::sum);
            }
        }
        return m;
    }

    @Test
    void csvTypesAndMissingCellsFollowSource() {
        Dataset votes = new CsvImporter().read(Shared.data("house-votes-84/house-votes-84.csv"), ImportOptions.defaults());
        assertEquals(16, votes.categorical().size());
        int missing = 0;
        for (CategoricalColumn c : votes.categorical()) {
            for (int r = 0; r < c.size(); r++) {
                missing += c.code(r) == CategoricalColumn.MISSING ? 1 : 0;
            }
        }
        assertEquals(392, missing, "'?' cells stated in SOURCE.txt");
        Dataset pima = new CsvImporter().read(Shared.data("pima-indians-diabetes/MASS_Pima.tr2.csv"), ImportOptions.defaults());
        assertEquals(7, pima.numeric().size());
        int na = 0;
        for (var c : pima.numeric()) {
            for (int r = 0; r < c.size(); r++) {
                na += Double.isNaN(c.value(r)) ? 1 : 0;
            }
        }
        assertEquals(114, na, "empty cells (NA) stated in SOURCE.txt");
        Dataset mushroomCsv = new CsvImporter().read(Shared.data("mushroom/mushroom.csv"), ImportOptions.defaults());
        Dataset mushroomArff = new ArffImporter().read(Shared.data("mushroom/mushroom.arff"), ImportOptions.defaults());
        // veil-type is constant ('p') in the data; the ARFF declares {p, u}, and the declared level is kept
        assertEquals(1, column(mushroomCsv, "veil-type").cardinality());
        assertEquals(2, column(mushroomArff, "veil-type").cardinality());
        assertEquals(java.util.List.of("b", "c", "e", "r", "u", "z"), column(mushroomArff, "stalk-root").levels());
        int rootMissing = 0;
        CategoricalColumn root = column(mushroomArff, "stalk-root");
        for (int r = 0; r < root.size(); r++) {
            rootMissing += root.code(r) == CategoricalColumn.MISSING ? 1 : 0;
        }
        assertEquals(2480, rootMissing);
    }

    private static CategoricalColumn column(Dataset d, String name) {
        return d.categorical().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void a9aLoadsWithStatedCounts() {
        ImportOptions o = ImportOptions.builder().extra(LibSvmImporter.N_FEATURES, "123").build();
        Dataset train = new LibSvmImporter().read(Shared.data("libsvm-a9a/a9a"), o);
        assertEquals(32561, train.rows());
        assertEquals(123, train.featureCount());
        SparseMatrix m = train.sparse().orElseThrow();
        assertEquals(451592, m.nonZeros());
        assertTrue(m.isIntegral(), "all values are 1");
        assertEquals("-1=24720, 1=7841", classCounts(train.labels().orElseThrow()).toString().replaceAll("[{}]", ""));
        Dataset test = new LibSvmImporter().read(Shared.data("libsvm-a9a/a9a.t"), o);
        assertEquals(16281, test.rows());
        assertEquals(123, test.featureCount());
        assertEquals(225732, test.sparse().orElseThrow().nonZeros());
        assertEquals("-1=12435, 1=3846", classCounts(test.labels().orElseThrow()).toString().replaceAll("[{}]", ""));
    }

    @Test
    void textCorporaLoadWithStatedCounts() {
        Dataset news = new TextImporter().read(Shared.data("20newsgroups-subset/20news-train.tsv"),
                ImportOptions.defaults());
        assertEquals(1415, news.rows());
        assertEquals(36111, news.featureCount(), "vocabulary size of scikit-learn's CountVectorizer on the subset");
        Map<String, Integer> c = classCounts(news.labels().orElseThrow());
        assertEquals(20, c.size());
        assertEquals(60, c.get("alt.atheism"));
        assertEquals(75, c.get("rec.sport.hockey"));
        assertEquals(47, c.get("talk.religion.misc"));
        Dataset sms = new TextImporter().read(Shared.data("sms-spam-collection/sms-spam.tsv"), ImportOptions.defaults());
        assertEquals(5574, sms.rows());
        assertEquals("ham=4827, spam=747", classCounts(sms.labels().orElseThrow()).toString().replaceAll("[{}]", ""));
    }

    @Test
    void testSetAlignsToTrainingVocabularyByText() {
        Path dir = Shared.data("20newsgroups-subset");
        Dataset train = new TextImporter().read(dir.resolve("20news-train.tsv"), ImportOptions.defaults());
        Dataset test = new TextImporter().read(dir.resolve("20news-test.tsv"), ImportOptions.defaults());
        SparseMatrix tr = train.sparse().orElseThrow();
        SparseMatrix te = test.sparse().orElseThrow();
        int[] map = te.mapTo(tr.vocabulary());
        int known = 0;
        for (int j = 0; j < map.length; j++) {
            if (map[j] >= 0) {
                known++;
                assertEquals(te.vocabulary().get(j), tr.vocabulary().get(map[j]));
            }
        }
        java.util.Set<String> common = new java.util.HashSet<>(te.vocabulary());
        common.retainAll(new java.util.HashSet<>(tr.vocabulary()));
        assertEquals(common.size(), known, "every shared word is mapped");
        assertTrue(known < map.length, "some test words are unknown to the training vocabulary");
        int[] labelMap = test.labels().orElseThrow().mapTo(train.labels().orElseThrow().levels());
        for (int k : labelMap) {
            assertTrue(k >= 0, "every test class is a training class");
        }
    }
}
