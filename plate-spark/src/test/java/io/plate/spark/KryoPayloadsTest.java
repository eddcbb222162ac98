package io.plate.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.plate.sampler.mixture.impl.BlockRunner;
import io.plate.sampler.mixture.impl.RowBlock;
import java.nio.ByteBuffer;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.junit.jupiter.api.Test;
import scala.Tuple2;
import scala.reflect.ClassTag$;

/**
 * What {@link SparkBlocks} sends through Spark's configured serializer (the broadcast sweep, cached and
 * checkpointed blocks, their results) survives Kryo, which many clusters set as {@code spark.serializer}:
 * a record among them made every {@code cluster} run fail there.
 */
class KryoPayloadsTest {
    private static final SerializerInstance KRYO = new KryoSerializer(new SparkConf()).newInstance();

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(T value) {
        ByteBuffer bytes = KRYO.serialize(value, ClassTag$.MODULE$.apply(Object.class));
        return (T) KRYO.deserialize(bytes, ClassTag$.MODULE$.apply(Object.class));
    }

    @Test
    void theSweepBroadcastRoundTrips() {
        BlockRunner.Sweep s = roundTrip(new BlockRunner.Sweep(-7L, 42L, new double[][] {{1.5, -0.25}, {Math.PI}}));
        assertEquals(-7L, s.key());
        assertEquals(42L, s.sweep());
        assertArrayEquals(new double[] {1.5, -0.25}, s.parameters()[0]);
        assertArrayEquals(new double[] {Math.PI}, s.parameters()[1]);
    }

    @Test
    void gaussianBlocksAndTheirDrawsRoundTrip() {
        Tuple2<Integer, RowBlock> t = roundTrip(new Tuple2<>(3, new RowBlock(10, 12, new int[] {-1, 2},
                new double[] {0.5, Double.NaN, -1, 2})));
        assertEquals(3, t._1());
        assertEquals(10, t._2().first());
        assertEquals(12, t._2().end());
        assertArrayEquals(new int[] {-1, 2}, t._2().fixed());
        assertArrayEquals(new double[] {0.5, Double.NaN, -1, 2}, t._2().values());
        RowBlock.Draw d = roundTrip(new RowBlock.Draw(new int[] {1, 0}, new double[] {2, 3.25}));
        assertArrayEquals(new int[] {1, 0}, d.z());
        assertArrayEquals(new double[] {2, 3.25}, d.stats());
    }

    @Test
    void multinomialBlocksAndTheirCountsRoundTrip() {
        int[][] block = {{0}, {4, 9}, {0, 1, 2}, {0, 1}, {3, 1}};
        Tuple2<Integer, int[][]> t = roundTrip(new Tuple2<>(0, block));
        for (int i = 0; i < block.length; i++) {
            assertArrayEquals(block[i], t._2()[i]);
        }
    }
}
