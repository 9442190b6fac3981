// Planted bugs: for every rule the sim enforces, a deliberately wrong kernel the sim must reject with
// a message naming the rule, and its correct twin that must pass.  Each kernel reads the global `bad`
// to decide whether to plant the bug, so the twin is the same code minus the mistake.
#include "sim_test_util.h"

using namespace AscendC;
using simtest::FailedWith;
using simtest::Io;
using simtest::Ok;

namespace {
int bad = 0;  // 0: correct twin, 1 (or more): planted bug variant

// Runs `k` twice: good twin must pass, bad variant must fail with `rule`.
::testing::AssertionResult Twin(simtest::Kernel4 k, const char* rule, int badVariant = 1, uint32_t blocks = 1,
                                size_t inBytes = 4096) {
    {
        Io io(inBytes);
        bad = 0;
        const int rc = io.Run(k, blocks);
        if (rc != 0) return ::testing::AssertionFailure() << "good twin failed: " << ascend_sim::LastError();
    }
    Io io(inBytes);
    bad = badVariant;
    const int rc = io.Run(k, blocks);
    bad = 0;
    return FailedWith(rc, rule);
}

// Runs the bad variant of `k` where it is no bug (a NOP, or allowed on the active SoC / strict level): it must pass.
::testing::AssertionResult BadVariantPasses(simtest::Kernel4 k, int badVariant = 1) {
    Io io;
    bad = badVariant;
    const int rc = io.Run(k, 1);
    bad = 0;
    return Ok(rc);
}

// `k` (as it is, `bad` untouched) passes on the active SoC (910B) and fails naming `rule` on 310P.
::testing::AssertionResult OkHereFailsOn310p(simtest::Kernel4 k, const char* rule) {
    {
        Io io;
        const ::testing::AssertionResult ok = Ok(io.Run(k, 1));
        if (!ok) return ok;
    }
    simtest::SocScope soc("ascend310p");
    Io io;
    return FailedWith(io.Run(k, 1), rule);
}
}  // namespace

// ---------------------------------------------------------------- UB capacity, buffers, pipes
TEST(SimRules, UbCapacity) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 96 * 1024);
        // 910B usable = 192 KiB - 8.25 KiB = 188160 B: 96 KiB + 87 KiB fits, + 88 KiB does not
        pipe.InitBuffer(b, bad ? 88 * 1024 : 87 * 1024);
    };
    EXPECT_TRUE(Twin(k, "ub-capacity"));
    const std::string e = ascend_sim::LastError();
    EXPECT_NE(e.find("188160"), std::string::npos) << e;
    EXPECT_NE(e.find("TPipe::InitBuffer"), std::string::npos) << e;
    EXPECT_NE(e.find("kernel test_kernel, block 0"), std::string::npos) << e;
}

TEST(SimRules, UbCapacityPerProfile) {
    simtest::SocScope soc("ascend310p");  // 248 KiB usable
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a;
        pipe.InitBuffer(a, bad ? 249 * 1024 : 240 * 1024);
    };
    EXPECT_TRUE(Twin(k, "ub-capacity"));
}

TEST(SimRules, BufferCount) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q1, q2;
        pipe.InitBuffer(q1, 40, 64);
        pipe.InitBuffer(q2, bad ? 25 : 24, 64);  // 64 buffers per TPipe at most
    };
    EXPECT_TRUE(Twin(k, "buffer-count"));
    auto k2 = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q1;
        pipe.InitBuffer(q1, bad ? 65 : 64, 32);
    };
    EXPECT_TRUE(Twin(k2, "buffer-count"));
}

TEST(SimRules, OnePipe) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        if (bad) {
            TPipe p1;
            TPipe p2;  // a second live pipe hangs on the device
        } else {
            { TPipe p1; }
            { TPipe p2; }
        }
    };
    EXPECT_TRUE(Twin(k, "one-pipe"));
}

TEST(SimRules, PositionUnsupported) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        if (bad) {
            TQue<TPosition::VECCALC, 1> q;  // TQue<VECCALC> is rejected by the API
            pipe.InitBuffer(q, 1, 256);
        } else {
            TBuf<TPosition::VECCALC> b;
            pipe.InitBuffer(b, 256);
        }
    };
    EXPECT_TRUE(Twin(k, "position-unsupported"));
}

// ---------------------------------------------------------------- alignment and bounds
TEST(SimRules, UbAlignment) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 1.0f, 256);
        // t[4] starts 16 B into the buffer: not 32 B aligned
        Adds(t[bad ? 4 : 8], t[bad ? 4 : 8], 1.0f, 64);
    };
    EXPECT_TRUE(Twin(k, "ub-alignment"));
}

TEST(SimRules, UbBoundsVectorFootprint) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();  // 64 elements
        Duplicate(t, 0.0f, bad ? 72 : 64);
    };
    EXPECT_TRUE(Twin(k, "ub-bounds"));
}

TEST(SimRules, UbBoundsIndexAndScalar) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        t.SetValue(bad == 1 ? 64 : 63, 1.0f);
        LocalTensor<float> u = t[bad == 2 ? 64 : 56];
        (void)u;
    };
    EXPECT_TRUE(Twin(k, "ub-bounds", 1));
    EXPECT_TRUE(Twin(k, "ub-bounds", 2));
}

TEST(SimRules, GmBounds) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 8192);
        LocalTensor<float> t = b.Get<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);  // `in` has 4096 B
        DataCopy(t, g[bad ? 8 : 0], 1024);     // 4096 B from element 8 runs past the argument
    };
    EXPECT_TRUE(Twin(k, "gm-bounds"));
    EXPECT_NE(ascend_sim::LastError().find("'in'"), std::string::npos) << ascend_sim::LastError();
}

TEST(SimRules, GmBoundsGlobalTensorSize) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 1024);
        LocalTensor<float> t = b.Get<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in, 64);  // tensor declared with 64 elements
        DataCopy(t, g, bad ? 72 : 64);
        (void)g.GetValue(bad ? 64 : 63);
    };
    EXPECT_TRUE(Twin(k, "gm-bounds"));
}

TEST(SimRules, GmAlignment) {
    auto k = +[](GM_ADDR in, GM_ADDR, GM_ADDR, GM_ADDR) {
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)(in + (bad ? 2 : 4)));
        (void)g.GetValue(0);
    };
    EXPECT_TRUE(Twin(k, "gm-alignment"));
}

TEST(SimRules, WorkspaceBounds) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR workspace, GM_ADDR) {
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)workspace);
        g.SetValue(bad ? 1024 : 1023, 1.0f);  // the workspace is 4096 B = 1024 floats
        DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(g);
    };
    EXPECT_TRUE(Twin(k, "gm-bounds"));
}

// Trap() raises an AI core exception: the launch fails.
TEST(SimRules, Trap) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        if (bad) Trap();
    };
    EXPECT_TRUE(Twin(k, "trap"));
}

// The direct-call flow sets no system workspace: GetUserWorkspace (which on the NPU ignores its
// argument and returns system workspace + RESERVED_WORKSPACE) fails; after SetSysWorkspace it returns
// that address + the reserve, bounds-checked.
TEST(SimRules, GetUserWorkspaceNeedsASystemWorkspace) {
    auto noSys = +[](GM_ADDR, GM_ADDR, GM_ADDR workspace, GM_ADDR) { (void)GetUserWorkspace(workspace); };
    Io io;
    EXPECT_TRUE(FailedWith(io.Run(noSys, 1), "workspace-flow"));
    auto withSys = +[](GM_ADDR, GM_ADDR out, GM_ADDR workspace, GM_ADDR) {
        SetSysWorkspace(workspace);
        GlobalTensor<uint64_t> o;
        o.SetGlobalBuffer((__gm__ uint64_t*)out, 1);
        o.SetValue(0, static_cast<uint64_t>(GetUserWorkspace(nullptr) - workspace));
        DataCacheCleanAndInvalid<uint64_t, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(o);
    };
    const uint64_t reserve = ascend_sim::ActiveSoc().reservedWorkspaceBytes;
    Io big(4096, 4096, reserve + 4096);
    EXPECT_TRUE(Ok(big.Run(withSys, 1)));
    EXPECT_EQ(big.Out<uint64_t>()[0], reserve);
    Io small;  // 4096 B: less than the reserve
    EXPECT_TRUE(FailedWith(small.Run(withSys, 1), "workspace-bounds"));
    EXPECT_NE(ascend_sim::LastError().find("RESERVED_WORKSPACE"), std::string::npos);
}

// ---------------------------------------------------------------- DataCopy / DataCopyPad
TEST(SimRules, DataCopySize) {
    auto k = +[](GM_ADDR in, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> t = q.AllocTensor<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        DataCopy(t, g, bad ? 10 : 16);  // 40 B: the device silently rounds down
        q.FreeTensor(t);
    };
    EXPECT_TRUE(Twin(k, "datacopy-size"));
}

TEST(SimRules, DataCopyParamsRange) {
    auto k = +[](GM_ADDR in, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> a;
        pipe.InitBuffer(a, 4096 * 32);
        LocalTensor<float> x = a.Get<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        DataCopyParams p;
        p.blockCount = bad ? 4096 : 4095;  // blockCount <= 4095
        p.blockLen = 1;                    // in 32 B blocks
        DataCopy(x, g, p);
    };
    EXPECT_TRUE(Twin(k, "datacopy-params", 1, 1, 4096 * 32));
}

TEST(SimRules, DataCopyPadUnits) {
    auto k = +[](GM_ADDR in, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 1024);
        LocalTensor<float> t = q.AllocTensor<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        DataCopyExtParams p{1, 0, 0, 0, 0};
        DataCopyPadExtParams<float> pad{false, 0, 0, 0.0f};
        if (bad == 1) p.blockLen = 10;       // not a multiple of sizeof(float): blockLen counts bytes
        else p.blockLen = 12;
        if (bad == 2) pad.rightPadding = 9;  // 36 B of padding > 32 B
        else pad.rightPadding = 1;
        if (bad == 3) p.blockLen = 2097152;  // > 2097151
        DataCopyPad(t, g, p, pad);
        q.FreeTensor(t);
    };
    EXPECT_TRUE(Twin(k, "datacopypad-params", 1));
    EXPECT_TRUE(Twin(k, "datacopypad-params", 2));
    EXPECT_TRUE(Twin(k, "datacopypad-params", 3));
}

TEST(SimRules, DataCopyPadUnavailableOn310p) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        DataCopyPad(t, g, DataCopyExtParams{1, 12, 0, 0, 0}, DataCopyPadExtParams<float>{false, 0, 0, 0.0f});
    };
    EXPECT_TRUE(OkHereFailsOn310p(k, "datacopypad-unavailable"));  // 910B has DataCopyPad
}

// ---------------------------------------------------------------- queues
TEST(SimRules, QueueStateDeQueEmpty) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> t = q.AllocTensor<float>();
        Duplicate(t, 0.0f, 64);
        if (!bad) q.EnQue(t);
        LocalTensor<float> u = q.DeQue<float>();  // nothing queued: the device waits forever
        q.FreeTensor(u);
    };
    EXPECT_TRUE(Twin(k, "queue-state"));
}

TEST(SimRules, QueueStateDoubleFree) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> t = q.AllocTensor<float>();
        q.EnQue(t);
        t = q.DeQue<float>();
        q.FreeTensor(t);
        if (bad) q.FreeTensor(t);
    };
    EXPECT_TRUE(Twin(k, "queue-state"));
}

TEST(SimRules, QueueStateUseAfterFree) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> t = q.AllocTensor<float>();
        if (!bad) Duplicate(t, 0.0f, 64);
        q.EnQue(t);
        LocalTensor<float> u = q.DeQue<float>();
        q.FreeTensor(u);
        if (bad) Duplicate(t, 0.0f, 64);  // stale tensor after FreeTensor
    };
    EXPECT_TRUE(Twin(k, "queue-state"));
}

TEST(SimRules, QueueDepth) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 2, 256);
        LocalTensor<float> a = q.AllocTensor<float>();
        LocalTensor<float> b = q.AllocTensor<float>();
        q.EnQue(a);
        if (!bad) {
            a = q.DeQue<float>();
            q.FreeTensor(a);
        }
        q.EnQue(b);  // depth 1: a second consecutive EnQue exceeds the depth
        b = q.DeQue<float>();
        q.FreeTensor(b);
        if (bad) {
            a = q.DeQue<float>();
            q.FreeTensor(a);
        }
    };
    EXPECT_TRUE(Twin(k, "queue-depth"));
}

TEST(SimRules, QueueOverAlloc) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 2, 256);
        LocalTensor<float> a = q.AllocTensor<float>();
        LocalTensor<float> b = q.AllocTensor<float>();
        if (!bad) q.FreeTensor(a);
        LocalTensor<float> c = q.AllocTensor<float>();  // both buffers in use: spins forever
        q.FreeTensor(b);
        q.FreeTensor(c);
        if (bad) q.FreeTensor(a);
    };
    EXPECT_TRUE(Twin(k, "queue-overalloc"));
}

TEST(SimRules, QueueHeldAtExit) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> a = q.AllocTensor<float>();
        if (!bad) q.FreeTensor(a);
    };
    EXPECT_TRUE(Twin(k, "queue-held"));
}

TEST(SimRules, TBufGetLength) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>(bad ? 7 : 8);  // 28 B is not a multiple of 32 B
        (void)t;
    };
    EXPECT_TRUE(Twin(k, "tbuf-get"));
}

// ---------------------------------------------------------------- events
TEST(SimRules, EventUnbalancedSetWithoutWait) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        event_t e = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE3));
        SetFlag<HardEvent::V_MTE3>(e);
        if (!bad) WaitFlag<HardEvent::V_MTE3>(e);
    };
    EXPECT_TRUE(Twin(k, "event-unbalanced"));
}

TEST(SimRules, EventUnbalancedWaitWithoutSet) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        if (!bad) SetFlag<HardEvent::MTE2_V>(EVENT_ID1);
        WaitFlag<HardEvent::MTE2_V>(EVENT_ID1);
    };
    EXPECT_TRUE(Twin(k, "event-unbalanced"));
}

TEST(SimRules, EventDuplicateSet) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        SetFlag<HardEvent::S_V>(EVENT_ID0);
        if (bad) SetFlag<HardEvent::S_V>(EVENT_ID0);
        WaitFlag<HardEvent::S_V>(EVENT_ID0);
    };
    EXPECT_TRUE(Twin(k, "event-duplicate"));
}

TEST(SimRules, EventPool) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TEventID ids[9];
        const int n = bad ? 9 : 8;
        for (int i = 0; i < n; ++i) ids[i] = pipe.AllocEventID<HardEvent::V_MTE2>();
        for (int i = 0; i < n; ++i) pipe.ReleaseEventID<HardEvent::V_MTE2>(ids[i]);
    };
    EXPECT_TRUE(Twin(k, "event-pool"));
}

TEST(SimRules, EventPoolFromTooManyQueueBuffers) {
    // Each freed VECIN buffer holds a V_MTE2 event ID until its next AllocTensor; 9 > 8 IDs.
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> q;
        const int n = bad ? 9 : 8;
        pipe.InitBuffer(q, n, 32);
        LocalTensor<float> t[9];
        for (int i = 0; i < n; ++i) t[i] = q.AllocTensor<float>();
        for (int i = 0; i < n; ++i) q.FreeTensor(t[i]);
    };
    EXPECT_TRUE(Twin(k, "event-pool"));
}

// ---------------------------------------------------------------- dtypes and Cast modes
TEST(SimRules, DtypeUnsupportedOp) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        if (bad == 1) {
            LocalTensor<int32_t> t = b.Get<int32_t>();
            Duplicate(t, 3, 64);
            Div(t, t, t, 64);  // Div: half/float only
        } else if (bad == 2) {
            LocalTensor<bfloat16_t> t = b.Get<bfloat16_t>();
            Duplicate(t, bfloat16_t(1.0f), 128);
            Add(t, t, t, 128);  // no bf16 arithmetic
        } else {
            LocalTensor<float> t = b.Get<float>();
            Duplicate(t, 3.0f, 64);
            Div(t, t, t, 64);
        }
    };
    EXPECT_TRUE(Twin(k, "dtype-unsupported", 1));
    EXPECT_TRUE(Twin(k, "dtype-unsupported", 2));
}

// MulAddDst: half->half, float->float, half->float; FusedMulAdd: half, float (both SoCs).
TEST(SimRules, MulAddDtypes) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b, c;
        pipe.InitBuffer(b, 1024);
        pipe.InitBuffer(c, 1024);
        if (bad == 1) {
            LocalTensor<int32_t> t = b.Get<int32_t>();
            Duplicate(t, 3, 64);
            MulAddDst(t, t, t, 64);
        } else if (bad == 2) {
            LocalTensor<int16_t> t = b.Get<int16_t>();
            Duplicate(t, int16_t(3), 128);
            FusedMulAdd(t, t, t, 128);
        } else if (bad == 3) {
            LocalTensor<half> t = b.Get<half>();  // float sources into a half dst
            LocalTensor<float> s = c.Get<float>();
            Duplicate(t, half(1.0f), 64);
            Duplicate(s, 1.0f, 64);
            MulAddDst(t, s, s, 64);
        } else {
            LocalTensor<float> t = b.Get<float>();
            LocalTensor<half> s = c.Get<half>();
            Duplicate(t, 1.0f, 64);
            Duplicate(s, half(1.0f), 64);
            MulAddDst(t, s, s, 64);
            FusedMulAdd(t, t, t, 64);
        }
    };
    for (const char* soc : {"ascend910b", "ascend310p"}) {
        simtest::SocScope scope(soc);
        EXPECT_TRUE(Twin(k, "dtype-unsupported", 1)) << soc;
        EXPECT_TRUE(Twin(k, "dtype-unsupported", 2)) << soc;
        EXPECT_TRUE(Twin(k, "dtype-unsupported", 3)) << soc;
    }
}

TEST(SimRules, MulAddBf16Rejected) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        if (bad) {
            LocalTensor<bfloat16_t> t = b.Get<bfloat16_t>();
            Duplicate(t, bfloat16_t(1.0f), 128);
            FusedMulAdd(t, t, t, 128);  // bf16 FusedMulAdd exists only on 950
        } else {
            LocalTensor<half> t = b.Get<half>();
            Duplicate(t, half(1.0f), 128);
            FusedMulAdd(t, t, t, 128);
        }
    };
    EXPECT_TRUE(Twin(k, "dtype-unsupported"));
}

TEST(SimRules, MulAddOperandRules) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 4096);
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 1.0f, 1024);
        if (bad == 1) MulAddDst(t[8], t, t[512], 256);          // dst partially overlaps src0
        else if (bad == 2) FusedMulAdd(t, t[256], t[8], 256);   // dst partially overlaps src1
        else if (bad == 3) {                                    // half -> float must not overlap at all
            LocalTensor<half> h = t.ReinterpretCast<half>();
            MulAddDst(t, h, h[1024], 256);
        } else if (bad == 4) MulAddDst(t[4], t[512], t[768], 64);    // 16 B into the buffer
        else if (bad == 5) FusedMulAdd(t[960], t[512], t[768], 72);  // past the 4 KB buffer
        else {
            MulAddDst(t, t, t[512], 256);                       // exact coincidence is fine
            FusedMulAdd(t[256], t[512], t[256], 256);
            LocalTensor<half> h = t[512].ReinterpretCast<half>();
            MulAddDst(t, h, h[256], 256);
        }
    };
    EXPECT_TRUE(Twin(k, "vector-overlap", 1));
    EXPECT_TRUE(Twin(k, "vector-overlap", 2));
    EXPECT_TRUE(Twin(k, "vector-overlap", 3));
    EXPECT_TRUE(Twin(k, "ub-alignment", 4));
    EXPECT_TRUE(Twin(k, "ub-bounds", 5));
}

TEST(SimRules, MulAddZeroCountOnlyNopOn910b) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 1024);
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 1.0f, 256);
        MulAddDst(t, t[64], t[128], bad ? 0 : 64);
    };
    {
        simtest::SocScope scope("ascend910b");
        EXPECT_TRUE(BadVariantPasses(k));  // a NOP on A2
    }
    simtest::SocScope scope("ascend310p");
    EXPECT_TRUE(Twin(k, "vector-count"));
}

TEST(SimRules, Bf16AbsentOn310p) {
    auto k = +[](GM_ADDR in, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 1024);
        LocalTensor<bfloat16_t> t = b.Get<bfloat16_t>();
        GlobalTensor<bfloat16_t> g;
        g.SetGlobalBuffer((__gm__ bfloat16_t*)in);
        DataCopy(t, g, 128);
    };
    EXPECT_TRUE(OkHereFailsOn310p(k, "dtype-unsupported"));
}

TEST(SimRules, CastModePerProfile) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        LocalTensor<float> f = a.Get<float>();
        LocalTensor<half> h = b.Get<half>();
        Duplicate(f, 1.5f, 64);
        Cast(h, f, bad ? RoundMode::CAST_RINT : RoundMode::CAST_ODD, 64);
    };
    EXPECT_TRUE(BadVariantPasses(k));  // 910B: float->half RINT exists
    {
        simtest::SocScope soc("ascend310p");  // 310P: float->half only ODD/NONE
        EXPECT_TRUE(Twin(k, "cast-mode-unsupported"));
    }
    auto k2 = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        LocalTensor<float> f = a.Get<float>();
        LocalTensor<bfloat16_t> h = b.Get<bfloat16_t>();
        Duplicate(f, 1.5f, 64);
        Cast(h, f, bad ? RoundMode::CAST_NONE : RoundMode::CAST_RINT, 64);  // float->bf16 rejects NONE
    };
    EXPECT_TRUE(Twin(k2, "cast-mode-unsupported"));
    auto k3 = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        LocalTensor<float> f = a.Get<float>();
        LocalTensor<int16_t> i = b.Get<int16_t>();
        Duplicate(f, 1.5f, 64);
        Cast(i, f, RoundMode::CAST_FLOOR, 64);  // float->int16 does not exist on 310P
    };
    EXPECT_TRUE(OkHereFailsOn310p(k3, "dtype-unsupported"));
}

// ---------------------------------------------------------------- vector operand rules
TEST(SimRules, VectorOverlap) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 2048);
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 1.0f, 512);
        Add(t[bad ? 8 : 0], t, t, 256);  // dst 32 B after src: partial overlap
    };
    EXPECT_TRUE(Twin(k, "vector-overlap"));
}

TEST(SimRules, CastWideningOverlap) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 2048);
        LocalTensor<half> h = b.Get<half>();
        Duplicate(h, half(1.0f), 256);
        LocalTensor<float> f = bad ? h.ReinterpretCast<float>() : h[256].ReinterpretCast<float>();
        Cast(f, h, RoundMode::CAST_NONE, 128);  // widening Cast must not overlap at all
    };
    EXPECT_TRUE(Twin(k, "vector-overlap"));
}

TEST(SimRules, CompareCountMultipleOf256Bytes) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, m;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(m, 256);
        LocalTensor<float> f = a.Get<float>();
        LocalTensor<uint8_t> mask = m.Get<uint8_t>();
        Duplicate(f, 1.0f, 256);
        Compare(mask, f, f, CMPMODE::EQ, bad ? 100 : 128);
    };
    EXPECT_TRUE(Twin(k, "vector-count"));
}

TEST(SimRules, ScalarPosition) {
    // White-box: the public API only hands out VECIN/VECOUT/VECCALC tensors (other positions are
    // rejected at InitBuffer), so forge a tensor with another position to pin the check.
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        ascend_sim::detail::UbRef r = t.ref_;
        if (bad) r.pos = static_cast<uint8_t>(TPosition::A1);
        LocalTensor<float> u(r);
        u.SetValue(0, 1.0f);
    };
    EXPECT_TRUE(Twin(k, "scalar-position"));
}

// ---------------------------------------------------------------- cross-block rules
TEST(SimRules, GmWriteRace) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> t = q.AllocTensor<float>();
        Duplicate(t, float(GetBlockIdx()), 64);
        q.EnQue(t);
        t = q.DeQue<float>();
        GlobalTensor<float> g;
        // blocks write 64 floats each; the bad variant overlaps the next block's first 8 floats
        g.SetGlobalBuffer((__gm__ float*)out + GetBlockIdx() * (bad ? 56 : 64));
        DataCopy(g, t, 64);
        q.FreeTensor(t);
    };
    EXPECT_TRUE(Twin(k, "gm-write-race", 1, 4));
    EXPECT_NE(ascend_sim::LastError().find("'out'"), std::string::npos) << ascend_sim::LastError();
}

TEST(SimRules, GmReadRaceWithoutSyncAll) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR ws, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb;
        pipe.InitBuffer(sb, 256);
        GlobalTensor<float> w;
        w.SetGlobalBuffer((__gm__ float*)ws + 64);
        w.SetValue(GetBlockIdx() * 16, 1.0f);  // each block publishes one value, a 64 B DCache line apart
        DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(w[GetBlockIdx() * 16]);
        if (!bad) {
            GlobalTensor<int32_t> syncWs;
            syncWs.SetGlobalBuffer((__gm__ int32_t*)ws, 16);
            SyncAll(syncWs, sb.Get<int32_t>());
        }
        (void)w.GetValue((GetBlockIdx() + 1) % GetBlockNum() * 16);  // reads a peer's value
    };
    EXPECT_TRUE(Twin(k, "gm-read-race", 1, 2));
}

TEST(SimRules, SyncAllMoreBlocksThanCores) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) { SyncAll(); };
    Io io;
    EXPECT_TRUE(Ok(io.Run(k, 48)));
    Io io2;
    EXPECT_TRUE(FailedWith(io2.Run(k, 49), "syncall-cores"));
}

TEST(SimRules, SyncAllWorkspaceNotZeroed) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR ws, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb;
        pipe.InitBuffer(sb, 256);
        GlobalTensor<int32_t> syncWs;
        syncWs.SetGlobalBuffer((__gm__ int32_t*)ws, 16 * 8);
        SyncAll(syncWs, sb.Get<int32_t>());
    };
    Io io;
    EXPECT_TRUE(Ok(io.Run(k, 4)));
    Io io2;
    io2.ws[5] = 1;
    EXPECT_TRUE(FailedWith(io2.Run(k, 4), "syncall-workspace"));
    // ubWorkspace needs blockNum * 32 B: 256 B is enough for 8 blocks, not for 9
    Io io3;
    EXPECT_TRUE(Ok(io3.Run(k, 8)));
    Io io4;
    EXPECT_TRUE(FailedWith(io4.Run(k, 9), "syncall-workspace"));
}

TEST(SimRules, SyncAllDeadlock) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        if (bad && GetBlockIdx() == 2) return;  // one block skips the barrier: the others hang
        SyncAll();
    };
    EXPECT_TRUE(Twin(k, "syncall-deadlock", 1, 4));
}

TEST(SimRules, FailureStopsOtherBlocksAndNamesTheBlock) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        if (GetBlockIdx() == 5) Duplicate(t, 0.0f, 65);
        else Duplicate(t, 0.0f, 64);
    };
    Io io;
    EXPECT_TRUE(FailedWith(io.Run(k, 16), "ub-bounds"));
    EXPECT_NE(ascend_sim::LastError().find("block 5, Duplicate"), std::string::npos) << ascend_sim::LastError();
    EXPECT_EQ(ascend_sim::LastLaunch().status, 1);
}

// ---------------------------------------------------------------- strict pipe hazards
TEST(SimRules, PipeHazardTBufDmaWithoutSync) {
    simtest::StrictScope strict(true);
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        DataCopy(t, g, 64);  // MTE2 writes a TBuf: no queue supplies the MTE2->V edge
        if (!bad) {
            SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
            WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
        }
        Adds(t, t, 1.0f, 64);
    };
    EXPECT_TRUE(Twin(k, "pipe-hazard"));
}

TEST(SimRules, PipeHazardWriteAfterRead) {
    simtest::StrictScope strict(true);
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b, c;
        pipe.InitBuffer(b, 256);
        pipe.InitBuffer(c, 256);
        LocalTensor<float> t = b.Get<float>(), u = c.Get<float>();
        Duplicate(t, 1.0f, 64);
        GlobalTensor<float> go;
        go.SetGlobalBuffer((__gm__ float*)out);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        DataCopy(go, t, 64);  // MTE3 reads t
        if (!bad) {
            SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
            WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
        }
        Duplicate(t, 2.0f, 64);  // V overwrites t while MTE3 may still read it
        (void)u;
    };
    EXPECT_TRUE(Twin(k, "pipe-hazard"));
}

TEST(SimRules, PipeHazardQueuesProvideEdges) {
    simtest::StrictScope strict(true);
    // The canonical CopyIn/Compute/CopyOut loop with double buffering passes strict mode.
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECIN, 1> qi;
        TQue<TPosition::VECOUT, 1> qo;
        pipe.InitBuffer(qi, 2, 256);
        pipe.InitBuffer(qo, 2, 256);
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in, 1024);
        go.SetGlobalBuffer((__gm__ float*)out, 1024);
        for (int i = 0; i < 16; ++i) {
            LocalTensor<float> x = qi.AllocTensor<float>();
            DataCopy(x, gi[i * 64], 64);
            qi.EnQue(x);
            x = qi.DeQue<float>();
            LocalTensor<float> y = qo.AllocTensor<float>();
            if (bad && i == 3) {
                // skipped DeQue: V reads the input while the DMA may still be writing it
                LocalTensor<float> z = qi.AllocTensor<float>();
                DataCopy(z, gi[i * 64], 64);
                Muls(y, z, 2.0f, 64);
                qi.FreeTensor(z);
            } else {
                Muls(y, x, 2.0f, 64);
            }
            qo.EnQue(y);
            qi.FreeTensor(x);
            y = qo.DeQue<float>();
            DataCopy(go[i * 64], y, 64);
            qo.FreeTensor(y);
        }
    };
    EXPECT_TRUE(Twin(k, "pipe-hazard"));
}

TEST(SimRules, PipeHazardOverlappingDmaDestinations) {
    simtest::StrictScope strict(true);
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 512);
        LocalTensor<float> t = b.Get<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        DataCopy(t, g, 64);
        if (!bad) PipeBarrier<PIPE_MTE2>();
        DataCopy(t, g[64], 64);  // same UB destination, same pipe
        PipeBarrier<PIPE_ALL>();
    };
    EXPECT_TRUE(Twin(k, "pipe-hazard"));
}

TEST(SimRules, PipeHazardGmRoundTrip) {
    simtest::StrictScope strict(true);
    // Writing GM with MTE3 and reading it back with MTE2 needs MTE3_MTE2 (a GM round trip through the
    // workspace inside one block).
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR ws, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        LocalTensor<float> x = a.Get<float>(), y = b.Get<float>();
        Duplicate(x, 3.0f, 64);
        SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
        WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
        GlobalTensor<float> w;
        w.SetGlobalBuffer((__gm__ float*)ws, 64);
        DataCopy(w, x, 64);
        if (!bad) {
            SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
            WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
        }
        DataCopy(y, w, 64);  // may read GM before the write landed
        PipeBarrier<PIPE_ALL>();
    };
    EXPECT_TRUE(Twin(k, "pipe-hazard"));
}

TEST(SimRules, PipeHazardOverlappingGmWrites) {
    simtest::StrictScope strict(true);
    // A 32 B-aligned tail copy that rewrites bytes of the main copy needs PipeBarrier<PIPE_MTE3>.
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECOUT> a;
        pipe.InitBuffer(a, 512);
        LocalTensor<float> x = a.Get<float>();
        Duplicate(x, 1.0f, 128);
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out);
        DataCopy(g, x, 64);
        if (!bad) PipeBarrier<PIPE_MTE3>();
        DataCopy(g[60], x[64], 8);  // overlaps elements 60..63
    };
    EXPECT_TRUE(Twin(k, "pipe-hazard"));
}

TEST(SimRules, PipeHazardScalarLevel2) {
    // Level 2 models code built without auto-sync: scalar accesses need explicit V_S / S_V edges.
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a;
        pipe.InitBuffer(a, 256);
        LocalTensor<float> x = a.Get<float>();
        Duplicate(x, 3.0f, 64);
        if (!bad) {
            SetFlag<HardEvent::V_S>(EVENT_ID0);
            WaitFlag<HardEvent::V_S>(EVENT_ID0);
        }
        x.SetValue(0, x.GetValue(1));
        SetFlag<HardEvent::S_V>(EVENT_ID0);
        WaitFlag<HardEvent::S_V>(EVENT_ID0);
        Adds(x, x, 1.0f, 64);
    };
    {
        simtest::StrictScope strict(1);  // level 1 trusts auto-sync for scalar accesses
        EXPECT_TRUE(BadVariantPasses(k));
    }
    simtest::StrictScope strict(2);
    EXPECT_TRUE(Twin(k, "pipe-hazard"));
}

// ---------------------------------------------------------------- scalar GM writes and the DCache
TEST(SimRules, GmLineRace) {
    // Scalar SetValue writes back whole 64 B lines: cores must write GM at least a line apart.
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        GlobalTensor<float> o;
        o.SetGlobalBuffer((__gm__ float*)out);
        o.SetValue(GetBlockIdx() * (bad ? 8 : 16), 1.0f);  // 32 B apart: two blocks share a line
        DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(o);
    };
    EXPECT_TRUE(Twin(k, "gm-line-race", 1, 4));
}

TEST(SimRules, DcacheDirtyBeforeDma) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> o;
        o.SetGlobalBuffer((__gm__ float*)out);
        o.SetValue(3, 2.0f);
        if (!bad) DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(o[3]);
        DataCopy(b.Get<float>(), o, 64);  // the DMA reads GM, not the DCache
    };
    EXPECT_TRUE(Twin(k, "dcache-dirty"));
}

TEST(SimRules, DcacheDirtyAcrossSyncAll) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        GlobalTensor<float> o;
        o.SetGlobalBuffer((__gm__ float*)out);
        o.SetValue(GetBlockIdx() * 16, 1.0f);
        if (!bad) DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(o);
        SyncAll();
        (void)o.GetValue((GetBlockIdx() + 1) % GetBlockNum() * 16);
    };
    EXPECT_TRUE(Twin(k, "dcache-dirty", 1, 4));
}

TEST(SimRules, DcacheDirtyAtKernelExit) {
    // An output written by scalar stores must be written back before the kernel returns.
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        GlobalTensor<float> o;
        o.SetGlobalBuffer((__gm__ float*)out);
        o.SetValue(GetBlockIdx() * 16, 1.0f);
        if (!bad) DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(o);
    };
    EXPECT_TRUE(Twin(k, "dcache-dirty", 1, 4));
}

TEST(SimRules, CompareInt32OnlyEqOn910b) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, m;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(m, 32);
        LocalTensor<int32_t> x = a.Get<int32_t>();
        Duplicate(x, 7, 64);
        Compare(m.Get<uint8_t>(), x, x, bad ? CMPMODE::LT : CMPMODE::EQ, 64);
    };
    EXPECT_TRUE(Twin(k, "dtype-unsupported"));
    simtest::SocScope soc("ascend310p");  // 310P: half/float only
    Io io;
    EXPECT_TRUE(FailedWith(io.Run(k, 1), "dtype-unsupported"));
}

TEST(SimRules, DcacheStaleRead) {
    // Block 0 caches a line in phase 0, block 1 rewrites it in phase 1, block 0 reads it in phase 2:
    // without DataCacheCleanAndInvalid the read hits the stale DCache copy.
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        GlobalTensor<float> o;
        o.SetGlobalBuffer((__gm__ float*)out);
        if (GetBlockIdx() == 0) (void)o.GetValue(0);
        SyncAll();
        if (GetBlockIdx() == 1) {
            o.SetValue(0, 5.0f);
            DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(o);
        }
        SyncAll();
        if (GetBlockIdx() == 0) {
            if (!bad) DataCacheCleanAndInvalid<float, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(o);
            (void)o.GetValue(0);
        }
    };
    EXPECT_TRUE(Twin(k, "dcache-stale", 1, 2));
}

// ---------------------------------------------------------------- Level 0 parameters
TEST(SimRules, Level0Params) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        LocalTensor<float> x = a.Get<float>(), y = b.Get<float>();
        Duplicate(x, 1.0f, 256);
        uint64_t bits[2] = {~0ull, bad == 2 ? 1ull : 0ull};   // float: 64 elements per repeat, mask[1] must be 0
        Adds(y, x, 1.0f, uint64_t(bad == 1 ? 65 : 64), 1, UnaryRepeatParams());  // contiguous mask <= 64
        Adds(y, x, 1.0f, bits, 1, UnaryRepeatParams());
        Adds(y, x, 1.0f, uint64_t(64), 1, UnaryRepeatParams(bad == 3 ? 0 : 1, 1, 8, 8));  // dstBlkStride != 0
        if (bad == 4) Adds<float, false>(y, x, 1.0f, uint64_t(64), 1, UnaryRepeatParams());  // needs SetVectorMask
    };
    EXPECT_TRUE(Twin(k, "vector-params", 1));
    EXPECT_TRUE(Twin(k, "vector-params", 2));
    EXPECT_TRUE(Twin(k, "vector-params", 3));
    EXPECT_TRUE(Twin(k, "vector-params", 4));
}

TEST(SimRules, Level0FootprintAndOverlap) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a;
        pipe.InitBuffer(a, 2048);
        LocalTensor<float> x = a.Get<float>();
        Duplicate(x, 1.0f, 512);
        LocalTensor<float> lo = x[0];
        lo.SetSize(256);
        // 4 repeats of 64 floats = 1024 B fit in the 1024 B view; 5 do not
        Muls(lo, lo, 2.0f, uint64_t(64), bad == 1 ? 5 : 4, UnaryRepeatParams());
        // src one block after dst inside a repeat: partial overlap
        Muls(x[256], x[bad == 2 ? 264 : 256], 2.0f, uint64_t(64), 1, UnaryRepeatParams());
    };
    EXPECT_TRUE(Twin(k, "ub-bounds", 1));
    EXPECT_TRUE(Twin(k, "vector-overlap", 2));
}

TEST(SimRules, AtomicAddAgainstPlainWrite) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECOUT> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 1.0f, 64);
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out, 64);
        if (bad && GetBlockIdx() == 0) {
            DataCopy(g, t, 64);  // a plain write racing the other blocks' atomic adds
        } else {
            SetAtomicAdd<float>();
            DataCopy(g, t, 64);
            SetAtomicNone();
        }
    };
    EXPECT_TRUE(Twin(k, "gm-write-race", 1, 3));
}

TEST(SimRules, ReadWhileOthersAtomicallyAdd) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECOUT> b;
        pipe.InitBuffer(b, 256);
        LocalTensor<float> t = b.Get<float>();
        Duplicate(t, 1.0f, 64);
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out, 64);
        SetAtomicAdd<float>();
        DataCopy(g, t, 64);
        SetAtomicNone();
        if (!bad) SyncAll();
        if (GetBlockIdx() == 0) (void)g.GetValue(5);  // the sum is final only after every block added
    };
    EXPECT_TRUE(Twin(k, "gm-read-race", 1, 3));
}

TEST(SimRules, LaunchTimeout) {
    // A block waiting for a GM flag that nobody sets hangs the device; the watchdog stops it.
    setenv("ASCEND_SIM_TIMEOUT_S", "1", 1);
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        GlobalTensor<int32_t> flag;
        flag.SetGlobalBuffer((__gm__ int32_t*)out);
        while (flag.GetValue(0) == 0) {
        }
    };
    Io io;
    EXPECT_TRUE(FailedWith(io.Run(k, 1), "launch-timeout"));
    unsetenv("ASCEND_SIM_TIMEOUT_S");
}

TEST(SimRules, PipeHazardPassThroughNeedsBindQueue) {
    simtest::StrictScope strict(1);
    // GM -> UB -> GM without compute: a TQue<VECIN> only orders MTE2 before V, so the MTE3 copy-out
    // races the copy-in; TQueBind<VECIN, VECOUT> orders MTE2 before MTE3.
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in);
        go.SetGlobalBuffer((__gm__ float*)out);
        if (bad) {
            TQue<TPosition::VECIN, 1> q;
            pipe.InitBuffer(q, 1, 256);
            LocalTensor<float> t = q.AllocTensor<float>();
            DataCopy(t, gi, 64);
            q.EnQue(t);
            t = q.DeQue<float>();
            DataCopy(go, t, 64);
            q.FreeTensor(t);
        } else {
            TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
            pipe.InitBuffer(q, 2, 256);
            for (int i = 0; i < 4; ++i) {
                LocalTensor<float> t = q.AllocTensor<float>();
                DataCopy(t, gi[i * 64], 64);
                q.EnQue(t);
                t = q.DeQue<float>();
                DataCopy(go[i * 64], t, 64);
                q.FreeTensor(t);
            }
        }
    };
    EXPECT_TRUE(Twin(k, "pipe-hazard"));
}

TEST(SimRules, ZeroLengthIsANopOnlyOn910b) {
    // A zero count / blockLen is documented as a NOP on A2/A3/950; on 310P the call must be guarded.
    auto dma = +[](GM_ADDR in, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        DataCopy(b.Get<float>(), g, bad ? 0 : 8);
    };
    auto vec = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> b;
        pipe.InitBuffer(b, 256);
        Duplicate(b.Get<float>(), 0.0f, bad ? 0 : 8);
    };
    EXPECT_TRUE(BadVariantPasses(dma));
    EXPECT_TRUE(BadVariantPasses(vec));
    simtest::SocScope soc("ascend310p");
    EXPECT_TRUE(Twin(dma, "datacopy-params"));
    EXPECT_TRUE(Twin(vec, "vector-count"));
}
