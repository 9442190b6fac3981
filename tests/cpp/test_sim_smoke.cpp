#include "sim_test_util.h"

using namespace AscendC;

namespace {
struct AddTiling {
    uint32_t n;
    uint32_t perBlock;
};

__global__ __aicore__ void smoke_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, const AddTiling t) {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qx, qy;
    TQue<TPosition::VECOUT, 1> qz;
    pipe.InitBuffer(qx, 2, t.perBlock * sizeof(float));
    pipe.InitBuffer(qy, 2, t.perBlock * sizeof(float));
    pipe.InitBuffer(qz, 2, t.perBlock * sizeof(float));
    GlobalTensor<float> gx, gy, gz;
    const uint32_t off = GetBlockIdx() * t.perBlock;
    gx.SetGlobalBuffer((__gm__ float*)x + off, t.perBlock);
    gy.SetGlobalBuffer((__gm__ float*)y + off, t.perBlock);
    gz.SetGlobalBuffer((__gm__ float*)z + off, t.perBlock);
    LocalTensor<float> lx = qx.AllocTensor<float>();
    LocalTensor<float> ly = qy.AllocTensor<float>();
    DataCopy(lx, gx, t.perBlock);
    DataCopy(ly, gy, t.perBlock);
    qx.EnQue(lx);
    qy.EnQue(ly);
    lx = qx.DeQue<float>();
    ly = qy.DeQue<float>();
    LocalTensor<float> lz = qz.AllocTensor<float>();
    Add(lz, lx, ly, t.perBlock);
    qz.EnQue(lz);
    qx.FreeTensor(lx);
    qy.FreeTensor(ly);
    lz = qz.DeQue<float>();
    DataCopy(gz, lz, t.perBlock);
    qz.FreeTensor(lz);
}
}  // namespace

TEST(SimSmoke, AddRuns) {
    const uint32_t blocks = 4, per = 64, n = blocks * per;
    std::vector<float> x(n), y(n), z(n, -1.f);
    for (uint32_t i = 0; i < n; ++i) { x[i] = float(i); y[i] = 0.5f * i; }
    AddTiling t{n, per};
    std::vector<uint8_t> ws(64);
    int rc = AI_LAUNCH_KERNEL(smoke_add, blocks, nullptr, AI_GM(x.data(), n * 4, "x"), AI_GM(y.data(), n * 4, "y"),
                              AI_GM(z.data(), n * 4, "z"), AI_GM(ws.data(), ws.size(), "workspace"), t);
    ASSERT_TRUE(simtest::Ok(rc));
    for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(z[i], 1.5f * i);
    auto r = ascend_sim::LastLaunch();
    EXPECT_EQ(r.total.gmReadBytes, 2u * n * 4);
    EXPECT_EQ(r.total.gmWriteBytes, n * 4u);
    EXPECT_EQ(r.total.vectorInstructions, blocks);
    EXPECT_GT(r.modeledTimeUs, 0.0);
}
