package io.plate.spark.bench;

import io.plate.api.data.ImportOptions;
import io.plate.api.learn.Model;
import io.plate.spark.PlateFrame;
import io.plate.spark.SparkNaiveBayes;
import io.plate.spark.SparkText;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.ml.classification.NaiveBayes;
import org.apache.spark.ml.classification.NaiveBayesModel;
import org.apache.spark.ml.evaluation.MulticlassClassificationEvaluator;
import org.apache.spark.ml.feature.StringIndexer;
import org.apache.spark.ml.feature.StringIndexerModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.StorageLevel;

/**
 * Benchmark (not a test): multinomial naive Bayes on 20 Newsgroups replicated to at least 100,000
 * documents, Plate on Spark against Spark MLlib's {@code NaiveBayes} on the same cached DataFrame in the
 * same session, alternating runs; then the accuracy of both on the 7,532 test documents. Run from the
 * repository root after {@code mvn -B -pl plate-spark -am verify -DskipTests}:
 *
 * <pre>
 * java --add-opens=java.base/sun.nio.ch=ALL-UNNAMED [the rest of ${spark.jvm.options}] -Xmx6g \
 *   -cp "plate-spark/target/plate-spark.jar:plate-spark/target/spark-lib/*:plate-spark/target/test-classes" \
 *   io.plate.spark.bench.NaiveBayesSparkBench PATH/20newsgroups-bydate [copies=9] [rounds=3] [master=local[2]]
 * </pre>
 *
 * The vocabulary is counted over train and test together (both learners see the same columns), so the
 * accuracy differs slightly from the single-machine figure with a train-only vocabulary.
 */
public final class NaiveBayesSparkBench {
    private NaiveBayesSparkBench() {
    }

    public static void main(String[] args) {
        String dir = args[0];
        int copies = args.length > 1 ? Integer.parseInt(args[1]) : 9;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        String master = args.length > 3 ? args[3] : "local[2]";
        SparkSession spark = SparkSession.builder().master(master).appName("plate-spark bench")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        ImportOptions options = ImportOptions.defaults();
        Dataset<Row> train = SparkText.tsv(spark, dir + "/20news-bydate-train.tsv", options)
                .withColumn("split", functions.lit("train"));
        Dataset<Row> test = SparkText.tsv(spark, dir + "/20news-bydate-test.tsv", options)
                .withColumn("split", functions.lit("test"));
        PlateFrame all = SparkText.vectorise(train.union(test), options);
        StringIndexerModel indexer = new StringIndexer().setInputCol(SparkText.LABEL).setOutputCol("y")
                .fit(all.rows());
        Dataset<Row> indexed = indexer.transform(all.rows());
        Dataset<Row> one = indexed.filter("split = 'train'");
        Dataset<Row> big = one;
        for (int c = 1; c < copies; c++) {
            big = big.union(one);
        }
        big = big.persist(StorageLevel.MEMORY_ONLY());
        long docs = big.count();
        Dataset<Row> testRows = indexed.filter("split = 'test'").persist(StorageLevel.MEMORY_ONLY());
        long testDocs = testRows.count();
        PlateFrame plateTrain = PlateFrame.of(big.select(SparkText.LABEL, SparkText.COUNTS), SparkText.LABEL,
                Set.of(), vocabulary(all));
        PlateFrame plateTest = PlateFrame.of(testRows.select(SparkText.LABEL, SparkText.COUNTS), SparkText.LABEL,
                Set.of(), vocabulary(all)).unlabelled();
        System.out.printf(Locale.ROOT, "%d training documents (%d copies of 20news train, %d partitions), "
                + "%d words, %d test documents, master %s%n", docs, copies, big.javaRDD().getNumPartitions(),
                vocabulary(all).size(), testDocs, master);
        Model plate = null;
        NaiveBayesModel mllib = null;
        NaiveBayes nb = new NaiveBayes().setModelType("multinomial").setSmoothing(0.01)
                .setFeaturesCol(SparkText.COUNTS).setLabelCol("y");
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            plate = SparkNaiveBayes.train(plateTrain, "nb.multinomial", Map.of("alpha", "0.01"), 1);
            double tp = (System.nanoTime() - t0) / 1e9;
            t0 = System.nanoTime();
            mllib = nb.fit(big);
            double tm = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "round %d: Plate-on-Spark nb.multinomial %.2f s, MLlib NaiveBayes %.2f s,"
                    + " ratio %.2f%n", r + 1, tp, tm, tp / tm);
        }
        long platePredictStart = System.nanoTime();
        Dataset<Row> scored = SparkNaiveBayes.predict(plate, plateTest);
        long right = scored.filter(functions.col(SparkNaiveBayes.PREDICTION).equalTo(functions.col(SparkText.LABEL)))
                .count();
        double tpp = (System.nanoTime() - platePredictStart) / 1e9;
        long mllibPredictStart = System.nanoTime();
        double mllibAccuracy = new MulticlassClassificationEvaluator().setLabelCol("y").setMetricName("accuracy")
                .evaluate(mllib.transform(testRows));
        double tmp = (System.nanoTime() - mllibPredictStart) / 1e9;
        System.out.printf(Locale.ROOT, "test accuracy: Plate %.4f (predict %.2f s), MLlib %.4f (predict %.2f s)%n",
                (double) right / testDocs, tpp, mllibAccuracy, tmp);
        spark.stop();
    }

    private static java.util.List<String> vocabulary(PlateFrame f) {
        return f.vocabulary();
    }
}
