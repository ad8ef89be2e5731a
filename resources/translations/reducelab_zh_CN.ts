<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Catalog</name>
    <message>
        <source>On this GPU work-groups start in no guaranteed order, so any result added before work-group 0 zeroes the destination is lost: the sum may be right or too small from one run to the next.</source>
        <translation>在这块 GPU 上，工作组的启动顺序没有保证，所以在 0 号工作组清零目标之前加进去的结果都会丢失：每次运行的和可能正确，也可能偏小。</translation>
    </message>
    <message>
        <source>On this GPU the result depends on how it groups work-items: where the last 32 work-items run as one hardware wave in lockstep (AMD&apos;s wavefronts of 64) the sum usually comes out right; where sub-groups are narrower (Intel&apos;s 8 or 16) the tail reads values not yet written and the sum is wrong. Either way it is a data race; use unroll-last.</source>
        <translation>在这块 GPU 上，结果取决于它如何把工作项分组：最后 32 个工作项作为一个硬件波前步调一致地运行时（AMD 的 64 宽波前），和通常是对的；子组更窄时（Intel 的 8 或 16），收尾会读到尚未写入的值，和就错了。无论哪种情况，这都是数据竞争；请用 unroll-last。</translation>
    </message>
    <message>
        <source>On this CPU device the work-groups run on several threads in no fixed order, so whether work-group 0 zeroes the destination first changes from run to run: the sum is sometimes right and sometimes too small.</source>
        <translation>在这个 CPU 设备上，各工作组在多个线程上以不固定的顺序运行，所以 0 号工作组是否先把目标清零每次运行都不同：和有时正确，有时偏小。</translation>
    </message>
    <message>
        <source>On this CPU device it gives the wrong sum: the work-items of a region between barriers run one after the other in a loop, so work-item 0 finishes its whole tail before its neighbours write their values (256 ones per work-group sum to 28 on PoCL). There are no warps in lockstep here at all.</source>
        <translation>在这个 CPU 设备上它得出错误的和：两个栅栏之间的一段代码里，各工作项在一个循环中依次执行，所以 0 号工作项在相邻工作项写入之前就做完了整个收尾（在 PoCL 上，每个工作组 256 个 1 的和是 28）。这里根本没有步调一致的 warp。</translation>
    </message>
    <message>
        <source>On this NVIDIA GPU it often gives the right sum: work-groups are dispatched roughly in index order, so work-group 0 usually zeroes the destination before the others add. Nothing guarantees that order: with more work-groups than fit on the GPU at once, or another kernel sharing it, a group that adds first is wiped out.</source>
        <translation>在这块 NVIDIA GPU 上它常常得出正确的和：工作组大致按编号顺序分派，所以 0 号工作组通常在其他工作组累加之前把目标清零。但没有任何东西保证这个顺序：工作组多到 GPU 一次容纳不下，或有别的内核同时占用 GPU 时，先累加的工作组的结果就会被抹掉。</translation>
    </message>
    <message>
        <source>On this NVIDIA GPU it usually gives the right sum: the last 32 work-items are one warp, and for this short tail the warp&apos;s lanes load and store in step, so each read finds its neighbour&apos;s value already written. That is luck, not a guarantee: it is still a data race, the compiler may keep a value in a register or reorder the accesses, and independent thread scheduling (Volta and later) lets a warp&apos;s lanes drift apart. A right answer here proves nothing; use unroll-last.</source>
        <translation>在这块 NVIDIA GPU 上它通常得出正确的和：最后 32 个工作项是同一个 warp，对这段短短的收尾，warp 的各通道步调一致地读写，所以每次读取时相邻通道的值已经写好。这是运气，不是保证：它仍然是数据竞争，编译器可以把值留在寄存器里或重排访问，独立线程调度（Volta 及以后）也会让同一 warp 的通道各走各的。在这里得到正确答案什么也证明不了；请用 unroll-last。</translation>
    </message>
    <message>
        <source>naive tree: interleaved addressing, divergent `tid % (2*s) == 0` test</source>
        <translation>朴素树形规约：交错寻址，带有会造成分支发散的 `tid % (2*s) == 0` 判断</translation>
    </message>
    <message>
        <source>Each work-item loads one element into local memory; then, for s = 1, 2, 4, ..., work-item tid adds scratch[tid + s] into scratch[tid] when tid % (2*s) == 0. Only every (2s)-th work-item works, so the active lanes are spread across every warp: all warps stay busy while most of their lanes idle (divergence), and the modulo is expensive. The starting point of the optimization ladder.</source>
        <translation>每个工作项把一个元素载入本地内存；然后对 s = 1, 2, 4, ...，当 tid % (2*s) == 0 时，工作项 tid 把 scratch[tid + s] 加到 scratch[tid] 上。只有每第 2s 个工作项在干活，活跃通道分散在所有 warp 中：所有 warp 都保持忙碌，而其中大多数通道却在空闲（分支发散），取模运算也很昂贵。这是优化阶梯的起点。</translation>
    </message>
    <message>
        <source>interleaved addressing with index = 2*s*tid: no divergence, but bank conflicts</source>
        <translation>下标为 2*s*tid 的交错寻址：没有分支发散，但有 bank 冲突</translation>
    </message>
    <message>
        <source>The same pairs as the naive tree, but work-item tid handles the pair at index 2*s*tid, so the active work-items are the first ones: whole warps work or idle together (no divergence, no modulo). The price moves to local memory: in round s neighbouring lanes access addresses 2s apart, which fall into the same banks, so a warp&apos;s accesses are serialised 2-, 4-, 8-way... (bank conflicts). Sequential addressing removes them. No divergence and no modulo any more, but the conflicts remain.</source>
        <translation>配对方式与朴素树形规约相同，但工作项 tid 处理下标 2*s*tid 处的一对，因此活跃的是最前面的工作项：整个 warp 一起干活或一起空闲（没有分支发散，也没有取模）。代价转移到了本地内存：在第 s 轮，相邻通道访问的地址相距 2s，落在同一批 bank 上，于是一个 warp 的访问被串行化为 2 路、4 路、8 路……（bank 冲突）。连续寻址可以消除这些冲突。没有分支发散和取模，但冲突仍在。</translation>
    </message>
    <message>
        <source>sequential (contiguous) addressing: packed active work-items, no bank conflicts</source>
        <translation>连续寻址：活跃工作项紧挨在一起，没有 bank 冲突</translation>
    </message>
    <message>
        <source>The stride starts at half the local size and halves every round; work-item tid adds scratch[tid + s] into scratch[tid] while tid &lt; s. Active work-items stay packed at the left, so whole warps retire instead of diverging, and the consecutive addresses of a warp fall in different banks (no conflicts). Half the work-items already idle in the first round, which the first-add step removes. The bank conflicts are gone.</source>
        <translation>步长从本地大小的一半开始，每轮减半；当 tid &lt; s 时，工作项 tid 把 scratch[tid + s] 加到 scratch[tid] 上。活跃工作项始终紧挨在左侧，因此是整个 warp 退出而不是发散，一个 warp 的连续地址落在不同的 bank 上（没有冲突）。第一轮就有一半工作项空闲，下一步“载入时先加”会消除这一点。bank 冲突消失了。</translation>
    </message>
    <message>
        <source>first add during the global load: two elements per work-item, half the work-groups</source>
        <translation>从全局内存载入时先做一次加法：每个工作项两个元素，工作组数减半</translation>
    </message>
    <message>
        <source>Each work-item reads two elements, a work-group&apos;s width apart, and combines them while loading, before the contiguous tree. A work-group now covers twice as many elements, so half as many work-groups run and no work-item is idle in the first round. The tree itself is unchanged; what improves is the ratio of useful work to loads and barriers. Half the work-groups, and every work-item does useful work in the first step.</source>
        <translation>每个工作项读取相距一个工作组宽度的两个元素，在载入时、连续寻址的树形规约之前就把它们合并。一个工作组现在覆盖两倍的元素，运行的工作组减半，第一轮也没有工作项空闲。树本身没有变；提高的是有用工作与加载、屏障之比。工作组减半，而且每个工作项在第一步都在做有用的工作。</translation>
    </message>
    <message>
        <source>the last rounds unrolled, correctly: sub-group reduce where available, else barriers</source>
        <translation>正确地展开最后几轮：有子组时用子组规约，否则保留屏障</translation>
    </message>
    <message>
        <source>CUDA&apos;s classic step unrolls the last six rounds and drops their barriers because a warp runs in lockstep. OpenCL makes no such promise, so that form is a data race (see unroll-last-racy). The correct forms: on a device with sub-groups the tree stops at one sub-group&apos;s worth of values and sub_group_reduce_* finishes them in registers (add, min, max and the logical operations); elsewhere the last six rounds are written out one by one and each keeps its barrier, so only the loop&apos;s bookkeeping goes away. Like the classic ladder it builds on first-add: two elements per work-item, added during the load. With the barriers kept, unrolling removes only loop bookkeeping, which measures as no gain at all.</source>
        <translation>CUDA 的经典做法是展开最后六轮并去掉它们的屏障，理由是一个 warp 步调一致地执行。OpenCL 没有这样的保证，因此那种写法是数据竞争（见 unroll-last-racy）。正确的写法：在支持子组的设备上，树规约到只剩一个子组的值时停止，由 sub_group_reduce_* 在寄存器中完成（加法、最小值、最大值和逻辑运算）；在其他设备上，最后六轮被逐轮写出，每一轮都保留屏障，省掉的只是循环的开销。与经典阶梯一样，它建立在 first-add 之上：每个工作项两个元素，在载入时相加。保留屏障时，展开只能省掉循环的开销，实测毫无收益。</translation>
    </message>
    <message>
        <source>UNSAFE: CUDA-style warp-synchronous tail without barriers (wrong on PoCL)</source>
        <translation>不安全：CUDA 风格、不带屏障的 warp 同步尾部（在 PoCL 上结果错误）</translation>
    </message>
    <message>
        <source>A teaching variant that is wrong on purpose. Below 32 active work-items it drops the barriers and reads local memory through a volatile pointer, trusting that a warp&apos;s 32 lanes run in lockstep. OpenCL gives no such guarantee: work-item t may read scratch[t + s] before work-item t + s has written it, a data race. PoCL runs the work-items of a region one after the other, so work-item 0 finishes its whole tail first and a work-group of 256 ones sums to 28; Oclgrind reports the race. Newer NVIDIA GPUs (independent thread scheduling) can break it too. Use unroll-last.</source>
        <translation>一个故意写错的教学变体。活跃工作项少于 32 个时，它去掉屏障，通过 volatile 指针读取本地内存，指望一个 warp 的 32 个通道步调一致。OpenCL 并没有这样的保证：工作项 t 可能在工作项 t + s 写入之前就读取了 scratch[t + s]，这是数据竞争。PoCL 把一个区域内的工作项一个接一个地执行，于是工作项 0 先跑完整个尾部，一个由 256 个 1 组成的工作组求和结果是 28；Oclgrind 会报告这个竞争。较新的 NVIDIA GPU（独立线程调度）也可能出错。请使用 unroll-last。</translation>
    </message>
    <message>
        <source>complete unroll: local size as a compile-time constant (-DWGS), first add</source>
        <translation>完全展开：本地大小作为编译期常量（-DWGS），载入时先加</translation>
    </message>
    <message>
        <source>The local size becomes a compile-time constant, WGS, like CUDA&apos;s template parameter: one build per local size. Every round of the tree is written out and the tests `WGS &gt;= 2*s` disappear at compile time, so no loop counter, no loop branch, and the compiler knows exactly which work-items are active in each round. The kernel demands that local size (reqd_work_group_size). Loads use the first add. The cost: a new program build for every local size you try. A compile-time local size changes little once barriers dominate; the lesson is that the CUDA-era gains came from dropping synchronisation OpenCL requires.</source>
        <translation>本地大小成为编译期常量 WGS，就像 CUDA 的模板参数：每个本地大小编译一次。树的每一轮都被写出，`WGS &gt;= 2*s` 这类判断在编译期就消失了，因此没有循环计数器、没有循环分支，编译器也确切知道每一轮哪些工作项是活跃的。内核要求使用这个本地大小（reqd_work_group_size）。载入时先做一次加法。代价是：每尝试一个本地大小都要重新编译一次程序。一旦屏障占主导，编译期本地大小几乎没有改变；这一课告诉我们，CUDA 时代的收益来自去掉了 OpenCL 所要求的同步。</translation>
    </message>
    <message>
        <source>algorithm cascading: a grid-stride loop, many elements per work-item, then the tree</source>
        <translation>算法级联：网格跨步循环，每个工作项处理多个元素，然后做树形规约</translation>
    </message>
    <message>
        <source>A fixed number of work-groups walks the whole input: work-item gid reads elements gid, gid + global size, gid + 2 * global size, ... with scalar loads and combines them in a register, then its work-group runs the contiguous tree once. Consecutive work-items read consecutive elements (coalesced), the tree and its barriers are paid once per many elements, and only a few partials are left to finish. Choose the global size or the elements per work-item; the default fills the device. A few work-groups per compute unit instead of one per few hundred elements, each work-item summing hundreds of elements in registers before the tree.</source>
        <translation>固定数量的工作组遍历整个输入：工作项 gid 用标量加载读取元素 gid、gid + 全局大小、gid + 2 * 全局大小……，并在寄存器中合并，然后它所在的工作组执行一次连续寻址的树形规约。相邻工作项读取相邻元素（合并访问），树和它的屏障由许多元素分摊，最后只剩少数部分和需要收尾。可以选择全局大小或每个工作项的元素数；默认值会填满设备。每个计算单元只用几个工作组，而不是每几百个元素一个，每个工作项在树形规约之前先在寄存器中累加数百个元素。</translation>
    </message>
    <message>
        <source>seed 000: grid-stride loop with 16-byte vector loads (int4/uint4/float4), then a tree</source>
        <translation>种子文章 000：使用 16 字节向量加载（int4/uint4/float4）的网格跨步循环，然后做树形规约</translation>
    </message>
    <message>
        <source>A fixed number of work-groups walks the whole input in a grid-stride loop, each work-item loading four elements at a time as one 16-byte vector and accumulating four lanes in registers. The lanes are folded and the work-group finishes with a contiguous tree. Few, busy work-items with wide loads keep many memory requests in flight: this is the kernel that reaches memory bandwidth. The last n % 4 elements are added by the first work-items. 16-byte loads move four times the bytes per instruction.</source>
        <translation>固定数量的工作组以网格跨步循环遍历整个输入，每个工作项一次以一个 16 字节向量载入四个元素，并在寄存器中做四路累加。最后把四路合并，工作组再用连续寻址的树形规约收尾。数量少而繁忙、使用宽加载的工作项让大量内存请求同时在途：正是这个内核达到了内存带宽。最后 n % 4 个元素由最前面的工作项累加。16 字节加载让每条指令搬运的字节数变为四倍。</translation>
    </message>
    <message>
        <source>sub_group_reduce_* in registers, then a small tree over one value per sub-group</source>
        <translation>在寄存器中执行 sub_group_reduce_*，再对每个子组的一个值做一棵小树</translation>
    </message>
    <message>
        <source>After a grid-stride loop, sub_group_reduce_add/min/max (cl_khr_subgroups) reduces each sub-group&apos;s values in registers, with no local memory and no barrier; only one value per sub-group goes through a small tree in local memory. This is what the unrolled warp tail was reaching for, in a form the language guarantees. Sub-group functions only add and take minima and maxima (logical and/or included); devices without cl_khr_subgroups (PoCL, NVIDIA) cannot run it.</source>
        <translation>在网格跨步循环之后，sub_group_reduce_add/min/max（cl_khr_subgroups）在寄存器中规约每个子组的值，不用本地内存，也不用屏障；每个子组只有一个值进入本地内存中的小树。展开 warp 尾部想要达到的效果，正是它以语言所保证的方式实现的。子组函数只能做加法、求最小值和最大值（包括逻辑与/或）；没有 cl_khr_subgroups 的设备（PoCL、NVIDIA）无法运行它。</translation>
    </message>
    <message>
        <source>NVIDIA only: warp reduction with inline PTX shfl.sync.bfly, then one value per warp</source>
        <translation>仅限 NVIDIA：用内联 PTX shfl.sync.bfly 做 warp 规约，然后每个 warp 一个值</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s OpenCL has no sub-groups, but it accepts inline PTX. After a grid-stride loop each warp of 32 work-items reduces in registers with five butterfly shuffles (shfl.sync.bfly, offsets 16, 8, 4, 2, 1): lane l combines its value with lane l ^ offset&apos;s, no local memory, no barrier, since shfl.sync synchronises the lanes it names. Lane 0 of each warp writes one value to local memory and, after one barrier, the first warp reduces those the same way. 64-bit values and argmin/argmax pairs travel as several 32-bit words. Vendor-specific: only on NVIDIA devices. With many elements per work-item the tree is no longer the bottleneck, so a faster tree does not show.</source>
        <translation>NVIDIA 的 OpenCL 没有子组，但接受内联 PTX。在网格跨步循环之后，每个由 32 个工作项组成的 warp 用五次蝶形洗牌（shfl.sync.bfly，偏移 16、8、4、2、1）在寄存器中规约：通道 l 把自己的值与通道 l ^ offset 的值合并，不用本地内存，也不用屏障，因为 shfl.sync 会同步它所指定的通道。每个 warp 的通道 0 把一个值写入本地内存，经过一次屏障之后，由第一个 warp 以同样方式规约这些值。64 位值和 argmin/argmax 的数对以多个 32 位字传递。与厂商相关：只能在 NVIDIA 设备上运行。每个工作项处理许多元素时，树已不再是瓶颈，更快的树也就显不出来。</translation>
    </message>
    <message>
        <source>OpenCL 2.0 work_group_reduce_* does the whole tree in one call</source>
        <translation>OpenCL 2.0 的 work_group_reduce_* 一次调用完成整棵树</translation>
    </message>
    <message>
        <source>After a grid-stride loop one call, work_group_reduce_add/min/max, returns the work-group&apos;s result to every work-item; the implementation chooses sub-group shuffles, local memory and barriers for the device. The shortest kernel, and usually close to the best hand-written tree. Built with -cl-std=CL2.0. Collectives only add and take minima and maxima (logical and/or included). PoCL 3.1 cannot link it; NVIDIA builds and runs it although it does not advertise collectives. The built-in is as good as a hand-written tree, and the load loop decides the speed.</source>
        <translation>在网格跨步循环之后，一次调用 work_group_reduce_add/min/max 就把工作组的结果返回给每个工作项；由实现为设备选择子组洗牌、本地内存和屏障。这是最短的内核，通常也接近最好的手写树。以 -cl-std=CL2.0 编译。集合函数只能做加法、求最小值和最大值（包括逻辑与/或）。PoCL 3.1 无法链接它；NVIDIA 虽然没有声明支持集合函数，却能编译并运行它。内置函数与手写的树一样好，速度由加载循环决定。</translation>
    </message>
    <message>
        <source>seed 002: each work-group&apos;s result folded into one value with global atomics</source>
        <translation>种子文章 002：用全局原子操作把每个工作组的结果合并成一个值</translation>
    </message>
    <message>
        <source>Each work-group reduces its elements in local memory, then work-item 0 folds the result into out[0] with one atomic: atomic_add for 32-bit integer sums and dots, atom_add for 64-bit ones (cl_khr_int64_base_atomics), native atomic min/max/and/or/xor, and an atomic_cmpxchg loop for floats and products. One launch, no partials array, no host fold. The host writes the operation&apos;s identity into out[0] before the launch; seed 002 zeroes it inside the kernel, which races (see atomic-zeroing-racy). Atomics on one address serialise, so this suits thousands of work-groups, not millions. argmin/argmax pairs cannot be combined atomically. That is one atomic_add per work-group of one element per work-item; for float32 the compare-and-swap loops of all the work-groups on one address are far slower: float atomics contend.</source>
        <translation>每个工作组在本地内存中规约自己的元素，然后由工作项 0 用一次原子操作把结果合并到 out[0]：32 位整数的求和与点积用 atomic_add，64 位的用 atom_add（cl_khr_int64_base_atomics），min/max/and/or/xor 用原生原子操作，浮点数和乘积用 atomic_cmpxchg 循环。只启动一次，没有部分和数组，也没有主机端合并。主机在启动前把运算的单位元写入 out[0]；种子文章 002 在内核里清零，这会产生竞争（见 atomic-zeroing-racy）。对同一地址的原子操作会串行化，因此它适合数千个工作组，而不是数百万个。argmin/argmax 的数对无法用原子操作合并。这是每个工作项一个元素、每个工作组一次 atomic_add 的结果；float32 时所有工作组在同一地址上的比较并交换循环要慢得多：浮点原子操作争用严重。</translation>
    </message>
    <message>
        <source>UNSAFE: seed 002 as written, zeroing the destination from inside the kernel</source>
        <translation>不安全：照搬种子文章 002，在内核内部把目标清零</translation>
    </message>
    <message>
        <source>A teaching variant that is wrong on purpose. Like seed 002, global work-item 0 &apos;initialises&apos; the destination with atomic_xchg(dst, 0) while the other work-groups add their results into it with atomics. Nothing orders that exchange before the other work-groups&apos; adds: work-groups run in no guaranteed order, so any result added before work-group 0 gets there is wiped out. It often looks right when work-group 0 happens to run first. The host leaves the destination alone, as the seed&apos;s host does. Race detectors do not flag it either: every access to the destination is atomic, so there is no data race in the memory-model sense (Oclgrind reports none); the bug is the missing ordering between work-groups. The fix is the atomic variant: the host initialises the destination before the launch.</source>
        <translation>一个故意写错的教学变体。与种子文章 002 一样，全局工作项 0 用 atomic_xchg(dst, 0)“初始化”目标，而其他工作组同时用原子操作把结果加进去。没有任何机制保证这次交换发生在其他工作组的加法之前：工作组的执行顺序没有保证，所以在工作组 0 到达之前加进去的结果都会被抹掉。当工作组 0 恰好先运行时，结果往往看起来是对的。主机不动目标，与种子文章的主机代码一样。竞争检测器也不会报告它：对目标的每次访问都是原子的，因此按内存模型的定义不存在数据竞争（Oclgrind 什么也不报）；错误在于工作组之间缺少顺序保证。修正方法就是 atomic 变体：由主机在启动前初始化目标。</translation>
    </message>
    <message>
        <source>one launch: the last work-group to finish (atomic ticket) reduces all partials</source>
        <translation>只启动一次：最后完成的工作组（原子号码）规约所有部分和</translation>
    </message>
    <message>
        <source>Every work-group reduces its share (grid-stride loop, contiguous tree) and writes one partial. Work-item 0 then issues a global memory fence, so the partial is visible, and takes a ticket with atomic_inc; the work-group that draws the last ticket knows every partial is in place and reduces them all, writing the final value. The whole reduction is one kernel launch, with no second kernel and no host round trip, for the price of one atomic per work-group. The host zeroes the ticket once; the work-group that draws the last ticket sets it back to zero for the next launch. Its finish is &apos;kernel&apos;, done inside the same launch. As fast as grid-stride with a host finish, and in one launch: its advantage shows at small n, where launch latency dominates.</source>
        <translation>每个工作组规约自己负责的部分（网格跨步循环、连续寻址的树）并写出一个部分和。然后工作项 0 发出全局内存栅栏，使部分和可见，并用 atomic_inc 领取一张号码；领到最后一张号码的工作组知道所有部分和都已就位，于是把它们全部规约并写出最终结果。整个规约只启动一次内核，不需要第二个内核，也不用往返主机，代价是每个工作组一次原子操作。主机只在开始时把号码清零一次；领到最后一张号码的工作组会把它重新置零，留给下一次启动。它的收尾方式是“kernel”，在同一次启动中完成。与采用主机收尾的 grid-stride 一样快，而且只需一次启动：它的优势在 n 较小、启动延迟占主导时才显现出来。</translation>
    </message>
    <message>
        <source>tuned for this device: 16-byte loads, several in flight, one launch (last work-group finishes)</source>
        <translation>为本设备调优：16 字节加载，多个同时在途，只启动一次（由最后一个工作组收尾）</translation>
    </message>
    <message>
        <source>Everything the ladder taught, in one kernel, with the launch configuration measured for this device (reducelab-cli tune). Each work-item walks the input in a grid-stride loop issuing several independent 16-byte vector loads per iteration (UNROLL of them in flight, VW elements each), so the memory system always has enough requests to stay busy; the lanes fold in registers, the work-group reduces in local memory (on NVIDIA: warp shuffles first, then one barrier), and the last work-group to finish (atomic ticket after a global fence) reduces the partials and resets the ticket. One launch, no host round trip, no memset: the time is the time to read the input once, which is the ceiling of any reduction. At small n its single launch is what counts, where CUB launches two kernels.</source>
        <translation>优化阶梯教过的一切都集中在一个内核里，启动配置是在本设备上实测得出的（reducelab-cli tune）。每个工作项以网格跨步循环遍历输入，每次迭代发出多个相互独立的 16 字节向量加载（UNROLL 个同时在途，每个 VW 个元素），让内存系统始终有足够的请求保持忙碌；各路在寄存器中合并，工作组在本地内存中规约（在 NVIDIA 上先用 warp 洗牌，再经过一次屏障），最后完成的工作组（在全局栅栏之后领取原子号码）规约所有部分和并重置号码。只启动一次，不用往返主机，也不需要 memset：所用时间就是把输入读一遍的时间，这正是任何规约的极限。n 较小时，只启动一次才是关键，而 CUB 要启动两个内核。</translation>
    </message>
    <message>
        <source>accuracy rung: compensated (Neumaier) sums in a grid-stride loop and the tree</source>
        <translation>精度阶梯：网格跨步循环和树形规约中都使用补偿求和（Neumaier）</translation>
    </message>
    <message>
        <source>Float addition rounds, and a running sum of millions of terms loses the small ones against the large partial sum. Compensated summation (Kahan; Neumaier&apos;s variant also handles terms larger than the sum) keeps a second accumulator for the exact rounding error of every addition, (a - s) + b with the larger operand first, and adds it back at the end. Each work-item compensates its grid-stride loop, the work-group&apos;s tree compensates its additions, and a second tree sums the error terms. A work-group&apos;s partial is then nearly as accurate as its sum rounded once; only the finish over the partials rounds as usual. The price: four more flops per element, hidden behind memory on a GPU. Integer and min/max reductions are exact and run the plain loop. Try it on the cancel fill against grid-stride.</source>
        <translation>浮点加法会舍入，数百万项的累加和会让较小的项在较大的部分和面前丢失。补偿求和（Kahan；Neumaier 的变体还能处理比和更大的项）用第二个累加器记录每次加法的精确舍入误差，即先减较大的操作数再计算 (a - s) + b，最后再把它加回去。每个工作项补偿自己的网格跨步循环，工作组的树形规约补偿自己的加法，再用第二棵树把误差项加起来。这样一个工作组的部分和几乎与只舍入一次的和一样准确；只有对各部分和的收尾照常舍入。代价：每个元素多四次浮点运算，在 GPU 上被内存访问掩盖。整数和 min/max 规约本来就是精确的，走普通的循环。请在 cancel 输入上把它与 grid-stride 比较。</translation>
    </message>
    <message>
        <source>accuracy rung: pairwise (cascade) sums per work-item, then the tree: log2(n) depth</source>
        <translation>精度阶梯：每个工作项按成对（级联）方式求和，再做树形规约：深度 log2(n)</translation>
    </message>
    <message>
        <source>A running sum passes its first element through every later addition, so its worst-case error grows with the number of terms. Pairwise summation adds as a balanced binary tree instead: every element passes through about log2(n) additions, and the error bound grows with log2(n) (NumPy&apos;s sum does the same in blocks). Here each work-item sums its grid-stride elements with a binary counter, one partial per level, a new element carrying through the full levels like an increment through set bits; the work-group&apos;s tree and the finish are balanced already. Cheaper than compensation (no extra flops), though the per-level partials live in private memory; less accurate than kahan when terms cancel.</source>
        <translation>累加和让第一个元素经过之后的每一次加法，所以它的最坏误差随项数增长。成对求和改为按平衡二叉树相加：每个元素只经过大约 log2(n) 次加法，误差上界随 log2(n) 增长（NumPy 的 sum 也分块这样做）。这里每个工作项用一个二进制计数器对自己的网格跨步元素求和，每一层保留一个部分和，新元素像加一时的进位穿过已置位的比特一样穿过已满的层；工作组的树形规约和收尾本来就是平衡的。比补偿求和便宜（没有额外的浮点运算），不过各层的部分和放在私有内存中；当各项相互抵消时不如 kahan 准确。</translation>
    </message>
    <message>
        <source>one element per work-item</source>
        <translation>每个工作项一个元素</translation>
    </message>
    <message>
        <source>two elements per work-item (first add during load)</source>
        <translation>每个工作项两个元素（载入时先加）</translation>
    </message>
    <message>
        <source>grid-stride (many elements per work-item)</source>
        <translation>网格跨步（每个工作项多个元素）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>sub-groups</source>
        <translation>子组</translation>
    </message>
    <message>
        <source>work-group collectives</source>
        <translation>工作组集合函数</translation>
    </message>
    <message>
        <source>NVIDIA inline PTX</source>
        <translation>NVIDIA 内联 PTX</translation>
    </message>
    <message>
        <source>%1 has no OpenCL sub-groups (no cl_khr_subgroups and no OpenCL 3.0 sub-group support)</source>
        <translation>%1 没有 OpenCL 子组（既没有 cl_khr_subgroups，也不支持 OpenCL 3.0 子组）</translation>
    </message>
    <message>
        <source>%1 does not support work_group_reduce_* (OpenCL C 2.0 work-group collective functions)</source>
        <translation>%1 不支持 work_group_reduce_*（OpenCL C 2.0 工作组集合函数）</translation>
    </message>
    <message>
        <source>inline PTX warp shuffles need NVIDIA&apos;s OpenCL; %1 is from %2</source>
        <translation>内联 PTX 的 warp 洗牌需要 NVIDIA 的 OpenCL；%1 来自 %2</translation>
    </message>
    <message>
        <source>Measured on {device} ({type} {op}, n = {n}): {us} us, {gbps} GB/s, {ceiling} % of the copy ceiling.</source>
        <translation>在 {device} 上实测（{type} {op}，n = {n}）：{us} us，{gbps} GB/s，为复制带宽上限的 {ceiling} %。</translation>
    </message>
    <message>
        <source>{speedup}x the speed of {baseline} ({baseline_us} us).</source>
        <translation>速度是 {baseline} 的 {speedup} 倍（{baseline_us} us）。</translation>
    </message>
    <message>
        <source>exact integer accumulation, one rounding: the same bits for every launch and device</source>
        <translation>精确的整数累加，只舍入一次：任何启动配置和设备都得到相同的位</translation>
    </message>
    <message>
        <source>Float addition is not associative, so every other variant&apos;s bits depend on the local size, the number of work-groups, the finish and the device. This one rounds nothing until the end: each element, a significand times a power of two, is added exactly into a long fixed-point number (a superaccumulator, as in ExBLAS) of 32-bit digits held in 64-bit integers, and integer addition gives the same total in any order. The fast path keeps a window of exponents per work-item: an element inside it is scaled by a power of two into an integer and summed exactly in registers (in double vector lanes on a CPU, as 64-bit integers on a GPU), folded into the digits now and then; a vector outside moves the window, and scattered, tiny, infinite or NaN elements go to the work-group&apos;s digits with local atomics. The work-groups add their digits with 64-bit atomics and the last one rounds the exact total once, to nearest with ties to even: the correctly rounded sum, whatever the launch. It takes best&apos;s tuned loads and launch. Float32 and float64 sums only: integer sums are exact in every variant.</source>
        <translation>浮点加法不满足结合律，所以其他每个变体结果的位都取决于本地大小、工作组数、收尾方式和设备。这个变体直到最后才舍入：每个元素（尾数乘以 2 的幂）都被精确地加进一个很长的定点数（超级累加器，与 ExBLAS 中的做法相同），它由存放在 64 位整数中的 32 位数位组成，而整数加法无论顺序如何都得到相同的总和。快速路径为每个工作项保留一个指数窗口：落在窗口内的元素乘以 2 的幂变成整数，在寄存器中精确求和（在 CPU 上用 double 向量通道，在 GPU 上用 64 位整数），并不时折叠进各数位；落在窗口外的向量会移动窗口，而分散的、极小的、无穷大或 NaN 的元素则通过本地原子操作加到工作组的数位上。各工作组用 64 位原子操作累加各自的数位，最后一个工作组把精确总和只舍入一次，采用就近舍入、平局取偶：无论启动配置如何，都得到正确舍入的和。它沿用 best 调优过的加载方式和启动配置。仅支持 Float32 和 float64 求和：整数求和在每个变体中都是精确的。</translation>
    </message>
</context>
<context>
    <name>ChartScale</name>
    <message>
        <source>from cache: the input (%1 elements, %2 MiB) fits the device&apos;s %3 MiB cache and was read at %4 GB/s, above the read ceiling&apos;s p90 (%5 GB/s): a cache served it, not memory</source>
        <translation>来自缓存：输入（%1 个元素，%2 MiB）能放进该设备 %3 MiB 的缓存，读取速度 %4 GB/s 高于读取带宽上限的 p90（%5 GB/s）：数据来自缓存，而不是内存</translation>
    </message>
    <message>
        <source>from cache: %1 GB/s is above the fastest the device&apos;s memory was measured at (%2 GB/s), so the input (%3 elements) was read from a cache, not from memory</source>
        <translation>来自缓存：%1 GB/s 高于该设备内存的最高实测速度（%2 GB/s），所以输入（%3 个元素）是从缓存而不是从内存读取的</translation>
    </message>
    <message>
        <source>%1 %2 GB/s (measured)</source>
        <translation>%1 %2 GB/s（实测）</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 次运行</translation>
    </message>
    <message>
        <source>%1 %2 GB/s (%3–%4, %5)</source>
        <translation>%1 %2 GB/s（%3–%4，%5）</translation>
    </message>
</context>
<context>
    <name>DeterminismLesson</name>
    <message>
        <source>Float addition is not associative</source>
        <translation>浮点加法不满足结合律</translation>
    </message>
    <message>
        <source>(a + b) + c and a + (b + c) can round differently: each addition rounds its exact sum to the nearest float, and which roundings happen depends on which partial sums are formed. A parallel reduction chooses its order by its tree, so every change of the tree can change the last bits. The cancel input makes this visible: large terms that cancel exactly, hiding a small sum.</source>
        <translation>(a + b) + c 与 a + (b + c) 的舍入可能不同：每次加法都把精确和舍入到最近的浮点数，而发生哪些舍入取决于形成了哪些部分和。并行规约由它的树决定相加顺序，所以树的每一次改变都可能改变最后几位。“相消”输入让这一点清晰可见：一些大项恰好相互抵消，掩盖了一个很小的和。</translation>
    </message>
    <message>
        <source>On the frontier, variants that add the same numbers in different orders land at different errors. Sorting the same values (cancel-sorted) moves them again: only the order changed.</source>
        <translation>在误差与速度图上，以不同顺序相加相同数字的变体落在不同的误差上。把同样的值排好序（“相消（已排序）”输入）又会让它们移动：改变的只是顺序。</translation>
    </message>
    <message>
        <source>The local size changes the tree</source>
        <translation>本地大小改变了树</translation>
    </message>
    <message>
        <source>A work-group adds its elements in a tree whose shape is set by the local size: 64 work-items pair elements differently from 256. Each work-group&apos;s partial, and so the sum, changes with it.</source>
        <translation>工作组按一棵树把自己的元素相加，树的形状由本地大小决定：64 个工作项与 256 个工作项配对元素的方式不同。每个工作组的部分和以及最终的和都会随之改变。</translation>
    </message>
    <message>
        <source>The same variant on the same device gives one result per local size: several bars, and the class run-to-run (each launch repeats its bits, launches differ).</source>
        <translation>同一变体在同一设备上，每个本地大小给出一个结果：会有多根柱，类别为“运行间一致”（每种启动配置重复得到相同的位，不同启动配置之间则不同）。</translation>
    </message>
    <message>
        <source>The work-group count changes the partials</source>
        <translation>工作组数改变了部分和</translation>
    </message>
    <message>
        <source>Grid-stride variants walk the input with a chosen number of work-groups: each work-item first adds every (global size)-th element in a register. More work-groups mean shorter chains and more partials, in a different order.</source>
        <translation>网格跨步变体用选定数量的工作组遍历输入：每个工作项先在寄存器中把每隔（全局大小）个的元素相加。工作组越多，累加链越短，部分和越多，相加顺序也不同。</translation>
    </message>
    <message>
        <source>One local size, three work-group counts: three launch shapes, and usually three different bit patterns.</source>
        <translation>一个本地大小，三种工作组数：三种启动配置，通常也有三种不同的位模式。</translation>
    </message>
    <message>
        <source>The finish adds the partials in its own order</source>
        <translation>收尾方式按自己的顺序相加部分和</translation>
    </message>
    <message>
        <source>The partials of the work-groups are added on the host (in work-group order), by a second kernel (another tree) or by the last work-group. Each finish is another order for the same partials.</source>
        <translation>各工作组的部分和可以在主机上相加（按工作组顺序），也可以由第二个内核（另一棵树）或最后一个工作组相加。每种收尾方式都是同一组部分和的另一种相加顺序。</translation>
    </message>
    <message>
        <source>The same input and launch shapes, variants that differ in their finish: compare their bars, and their errors on the frontier.</source>
        <translation>相同的输入和启动配置，收尾方式不同的变体：比较它们的柱，以及它们在误差与速度图上的误差。</translation>
    </message>
    <message>
        <source>Float atomics add in arrival order</source>
        <translation>浮点原子操作按到达顺序相加</translation>
    </message>
    <message>
        <source>With an atomic finish, each work-group adds its partial into one global value when it finishes. Which work-group arrives first depends on timing, so on a GPU two identical launches can add the partials in different orders: the result changes from run to run. This is CUB&apos;s not_guaranteed level.</source>
        <translation>采用原子收尾时，每个工作组在完成时把自己的部分和加到同一个全局值上。哪个工作组先到取决于时序，所以在 GPU 上两次完全相同的启动可能以不同顺序相加部分和：结果每次运行都会变。这就是 CUB 的 not_guaranteed 级别。</translation>
    </message>
    <message>
        <source>Several identical runs of each shape: a GPU usually shows several bars even for one shape and the class nondeterministic; a CPU device that runs work-groups in a fixed order may not.</source>
        <translation>每种启动配置都完全相同地运行多次：即使只有一种配置，GPU 通常也会显示多根柱，类别为“非确定性”；按固定顺序运行工作组的 CPU 设备则可能不会。</translation>
    </message>
    <message>
        <source>Another device, another order</source>
        <translation>换一个设备，换一种顺序</translation>
    </message>
    <message>
        <source>Devices differ in their default local sizes, their sub-group widths, their compilers&apos; contraction of a * b + c into fma, and the tuned settings that best picks. A sum that is launch-invariant on one device can still differ between two.</source>
        <translation>不同设备的默认本地大小、子组宽度、编译器是否把 a * b + c 收缩为 fma，以及 best 选出的调优设置都各不相同。在一个设备上与启动配置无关的和，在两个设备之间仍可能不同。</translation>
    </message>
    <message>
        <source>Run the same variants on the two devices side by side: each device&apos;s bars in its own colour, and the class device-invariant only where every device gave the same bits.</source>
        <translation>在两个设备上并排运行相同的变体：每个设备的柱用自己的颜色显示，只有每个设备都给出相同的位时，类别才是“设备无关”。</translation>
    </message>
    <message>
        <source>Reproducible: accumulate exactly, round once</source>
        <translation>可复现：精确累加，只舍入一次</translation>
    </message>
    <message>
        <source>Compensated sums (kahan, pairwise) shrink the error but still round at every step, so their bits still depend on the order. A reproducible sum removes the cause: every term is added into an exact fixed-point accumulator (exponent-indexed bins, as in ExBLAS or ReproBLAS), where addition is associative, and the exact sum is rounded once at the end. Any order, any launch and any device then give the correctly rounded result.</source>
        <translation>补偿求和（kahan、pairwise）能减小误差，但每一步仍会舍入，所以它们的位仍取决于顺序。可复现求和消除了原因：每一项都被加进一个精确的定点累加器（按指数索引的分箱，与 ExBLAS 或 ReproBLAS 中的做法相同），在其中加法满足结合律，精确和只在最后舍入一次。于是任何顺序、任何启动配置和任何设备都给出正确舍入的结果。</translation>
    </message>
    <message>
        <source>The reproducible variant shows one bar on every device, the class device-invariant, and sits on the frontier&apos;s exact floor; look at what its exactness costs in GB/s against best.</source>
        <translation>reproducible 变体在每个设备上都只显示一根柱，类别为“设备无关”，并落在误差与速度图的精确底线上；看看与 best 相比，它的精确在 GB/s 上要付出多少代价。</translation>
    </message>
</context>
<context>
    <name>DeviceText</name>
    <message>
        <source>Extensions</source>
        <translation>扩展数</translation>
    </message>
    <message>
        <source>base %1, extended %2</source>
        <translation>基本 %1，扩展 %2</translation>
    </message>
    <message>
        <source>64-bit atomics</source>
        <translation>64 位原子操作</translation>
    </message>
    <message>
        <source>fp64</source>
        <translation>fp64</translation>
    </message>
    <message>
        <source>Work-group collectives</source>
        <translation>工作组集合函数</translation>
    </message>
    <message>
        <source>Sub-groups</source>
        <translation>子组</translation>
    </message>
    <message>
        <source>Largest buffer</source>
        <translation>最大缓冲区</translation>
    </message>
    <message>
        <source>Global memory</source>
        <translation>全局内存</translation>
    </message>
    <message>
        <source>Local memory</source>
        <translation>本地内存</translation>
    </message>
    <message>
        <source>Max work-group size</source>
        <translation>最大工作组大小</translation>
    </message>
    <message>
        <source>Max clock</source>
        <translation>最高频率</translation>
    </message>
    <message>
        <source>Compute units</source>
        <translation>计算单元</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>驱动程序</translation>
    </message>
    <message>
        <source>OpenCL C</source>
        <translation>OpenCL C</translation>
    </message>
    <message>
        <source>Platform</source>
        <translation>平台</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
</context>
<context>
    <name>ExerciseText</name>
    <message>
        <source>passed</source>
        <translation>已通过</translation>
    </message>
    <message>
        <source>failing</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>not tried</source>
        <translation>未尝试</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>Behaves</source>
        <translation>行为</translation>
    </message>
    <message>
        <source>Race-free</source>
        <translation>无竞争</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>✔ pass</source>
        <translation>✔ 通过</translation>
    </message>
    <message>
        <source>✖ fail</source>
        <translation>✖ 未通过</translation>
    </message>
    <message>
        <source>– skipped</source>
        <translation>– 已跳过</translation>
    </message>
    <message>
        <source>Checks: %1</source>
        <translation>检查项：%1</translation>
    </message>
    <message>
        <source>Hint %1:</source>
        <translation>提示 %1：</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Not checked yet&lt;/h3&gt;&lt;p&gt;Edit the kernel, then press &lt;b&gt;Check&lt;/b&gt;. Keep the kernel&apos;s name (%1) and signature, and the &lt;code&gt;TRACE_SNAPSHOT&lt;/code&gt; and &lt;code&gt;TRACE_ACCESS&lt;/code&gt; hooks.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;尚未检查&lt;/h3&gt;&lt;p&gt;修改内核，然后按&lt;b&gt;检查&lt;/b&gt;。保留内核的名字（%1）和签名，以及 &lt;code&gt;TRACE_SNAPSHOT&lt;/code&gt; 和 &lt;code&gt;TRACE_ACCESS&lt;/code&gt; 钩子。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✔ Every check passed&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;✔ 所有检查均已通过&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✖ Not yet&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;✖ 还没有通过&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your kernel did not build, crashed or hung: the correct check says which.&lt;/p&gt;</source>
        <translation>&lt;p&gt;你的内核没有编译成功、崩溃了或卡住了：“正确”检查会说明是哪一种。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>figure</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>what was found</source>
        <translation>发现了什么</translation>
    </message>
</context>
<context>
    <name>Fill</name>
    <message>
        <source>wide-exponent</source>
        <translation>宽指数范围</translation>
    </message>
    <message>
        <source>cancel-sorted</source>
        <translation>相消（已排序）</translation>
    </message>
    <message>
        <source>cancel</source>
        <translation>相消</translation>
    </message>
    <message>
        <source>randint</source>
        <translation>小整数</translation>
    </message>
    <message>
        <source>ones</source>
        <translation>全为 1</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>ramp</source>
        <translation>递增 1…n</translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Naive tree: interleaved addressing</source>
        <translation>朴素树形规约：交错寻址</translation>
    </message>
    <message>
        <source>The starting point. Each work-item loads one element into local memory; in round s the work-items whose id is a multiple of 2s add the neighbour s places to the right. After log2(local size) rounds, cell 0 holds the work-group&apos;s partial, and the host adds the partials.</source>
        <translation>起点。每个工作项把一个元素载入本地内存；在第 s 轮，编号为 2s 倍数的工作项把右边相距 s 的元素加到自己身上。经过 log2(本地大小) 轮后，单元 0 中就是该工作组的部分和，再由主机把各部分和相加。</translation>
    </message>
    <message>
        <source>In the step view the active work-items are spread across the whole work-group: every warp keeps running with only a few busy lanes (divergent warps, hatched). The % (modulo) test is slow, too.</source>
        <translation>在单步视图中，活跃的工作项分散在整个工作组里：每个 warp 都在运行，但只有少数通道在干活（分支发散的 warp，以斜线标出）。而且 %（取模）判断本身也很慢。</translation>
    </message>
    <message>
        <source>Interleaved, without divergence</source>
        <translation>交错寻址，消除分支发散</translation>
    </message>
    <message>
        <source>Same pairs, different work-items: work-item tid now handles the pair at index 2*s*tid, so the busy work-items are the first ones. The modulo test disappears.</source>
        <translation>配对不变，换一批工作项来做：工作项 tid 现在处理下标 2*s*tid 处的一对，于是干活的总是最前面的工作项。取模判断也不需要了。</translation>
    </message>
    <message>
        <source>Whole warps now work or idle together: the divergent-warp count drops. But neighbouring lanes touch addresses 2s apart, which land in the same local-memory banks: watch the bank conflicts (diamonds) grow each round.</source>
        <translation>现在整个 warp 要么一起干活、要么一起空闲：发散的 warp 数量下降。但相邻通道访问的地址相距 2s，落在本地内存的同一个 bank 上：请观察 bank 冲突（菱形）逐轮增加。</translation>
    </message>
    <message>
        <source>Contiguous (sequential) addressing</source>
        <translation>连续寻址</translation>
    </message>
    <message>
        <source>The stride starts at half the local size and halves every round; work-item tid adds scratch[tid + s] into scratch[tid] while tid &lt; s.</source>
        <translation>步长从本地大小的一半开始，每轮减半；当 tid &lt; s 时，工作项 tid 把 scratch[tid + s] 加到 scratch[tid] 上。</translation>
    </message>
    <message>
        <source>Active work-items stay packed at the left and a warp reads consecutive addresses: no divergence and no bank conflicts. But half of the work-items already do nothing in the first round.</source>
        <translation>活跃的工作项始终紧挨在左侧，一个 warp 读取的是连续地址：既没有分支发散，也没有 bank 冲突。但在第一轮就已经有一半工作项无事可做。</translation>
    </message>
    <message>
        <source>First add during the load</source>
        <translation>载入时先做一次加法</translation>
    </message>
    <message>
        <source>Each work-item reads two elements a work-group&apos;s width apart and adds them while loading. A work-group covers twice as many elements, so half as many work-groups run.</source>
        <translation>每个工作项读取相距一个工作组宽度的两个元素，在载入时就把它们相加。一个工作组覆盖的元素翻倍，运行的工作组数量减半。</translation>
    </message>
    <message>
        <source>The tree is unchanged, but the loaded values are already sums of two. Fewer work-groups, fewer barriers and fewer partials per element: the time should drop noticeably.</source>
        <translation>树形规约本身不变，但载入的值已经是两个元素之和。工作组更少、屏障更少、每个元素分摊的部分和更少：时间应明显下降。</translation>
    </message>
    <message>
        <source>Unrolling the last rounds, correctly</source>
        <translation>正确地展开最后几轮</translation>
    </message>
    <message>
        <source>The last six rounds are written out one by one instead of looping (or, with sub-groups, the last sub-group finishes in registers). Unlike CUDA&apos;s classic trick every round keeps its barrier: OpenCL does not promise that a warp runs in lockstep.</source>
        <translation>最后六轮不再用循环，而是逐轮写出（若设备支持子组，则由最后一个子组在寄存器中完成）。与 CUDA 的经典技巧不同，每一轮都保留了屏障：OpenCL 并不保证一个 warp 步调一致地执行。</translation>
    </message>
    <message>
        <source>The rounds are the same as before; only the loop&apos;s bookkeeping goes away. The gain is small and depends on the device.</source>
        <translation>各轮与之前相同，只是省掉了循环的开销。收益不大，且取决于设备。</translation>
    </message>
    <message>
        <source>Complete unroll with a compile-time local size</source>
        <translation>以编译期本地大小完全展开</translation>
    </message>
    <message>
        <source>The local size becomes a build option (-DWGS), like CUDA&apos;s template parameter, so every round is written out and the tests on the local size vanish at compile time. One program is built per local size.</source>
        <translation>本地大小成为编译选项（-DWGS），就像 CUDA 的模板参数，于是每一轮都被写出，对本地大小的判断在编译期就消失了。每个本地大小都要编译一个程序。</translation>
    </message>
    <message>
        <source>Same rounds, same values in the step view; the compiler now knows exactly which work-items work in each round.</source>
        <translation>单步视图中的轮次和数值都相同；但编译器现在确切知道每一轮哪些工作项在干活。</translation>
    </message>
    <message>
        <source>Sub-group reduction in registers</source>
        <translation>在寄存器中做子组规约</translation>
    </message>
    <message>
        <source>sub_group_reduce_* combines the values of a whole sub-group (a warp) in registers, without local memory or barriers; only one value per sub-group goes through a small tree.</source>
        <translation>sub_group_reduce_* 在寄存器中合并整个子组（一个 warp）的值，不用本地内存也不用屏障；每个子组只有一个值进入一棵小树。</translation>
    </message>
    <message>
        <source>Only devices with cl_khr_subgroups run it. It is what the unrolled warp tail was reaching for, in a form the language guarantees.</source>
        <translation>只有支持 cl_khr_subgroups 的设备能运行它。展开 warp 尾部想要达到的效果，正是它以语言所保证的方式实现的。</translation>
    </message>
    <message>
        <source>Warp shuffles (NVIDIA only)</source>
        <translation>Warp 洗牌（仅限 NVIDIA）</translation>
    </message>
    <message>
        <source>On NVIDIA&apos;s OpenCL, five butterfly shuffles in inline PTX reduce each warp of 32 work-items in registers; lane 0 of each warp writes one value to local memory.</source>
        <translation>在 NVIDIA 的 OpenCL 上，用内联 PTX 做五次蝶形洗牌，在寄存器中规约每个 32 工作项的 warp；每个 warp 的通道 0 把一个值写入本地内存。</translation>
    </message>
    <message>
        <source>Vendor-specific: elsewhere this step is skipped. Compare it with the sub-group step where both exist.</source>
        <translation>与厂商相关：在其他设备上跳过这一步。两者都可用时，请与子组那一步比较。</translation>
    </message>
    <message>
        <source>Many elements per work-item: grid-stride loop</source>
        <translation>每个工作项处理多个元素：网格跨步循环</translation>
    </message>
    <message>
        <source>A fixed number of work-groups walks the whole input: each work-item adds elements gid, gid + global size, ... in a register before the tree runs once. This is algorithm cascading.</source>
        <translation>固定数量的工作组遍历整个输入：每个工作项先在寄存器中累加元素 gid、gid + 全局大小……，然后才执行一次树形规约。这就是算法级联。</translation>
    </message>
    <message>
        <source>The tree and its barriers are now paid once per many elements, and only a few partials are left for the host. This is usually the biggest jump of the ladder.</source>
        <translation>树形规约和它的屏障现在由许多元素分摊，留给主机的部分和也只剩很少几个。这通常是优化阶梯上最大的一次飞跃。</translation>
    </message>
    <message>
        <source>Vector loads: 16 bytes at a time</source>
        <translation>向量加载：一次 16 字节</translation>
    </message>
    <message>
        <source>The grid-stride loop loads four elements at once as one int4/float4 vector and keeps four running lanes in registers (the kernel of seed 000).</source>
        <translation>网格跨步循环一次以一个 int4/float4 向量载入四个元素，并在寄存器中保持四路累加（即种子文章 000 的内核）。</translation>
    </message>
    <message>
        <source>Wide loads keep more memory requests in flight: GB/s should approach the device&apos;s bandwidth ceiling.</source>
        <translation>宽加载让更多内存请求同时在途：GB/s 应接近设备的带宽上限。</translation>
    </message>
    <message>
        <source>Finishing with atomics</source>
        <translation>用原子操作收尾</translation>
    </message>
    <message>
        <source>Each work-group folds its result into one global value with an atomic (the kernel of seed 002, with the destination initialised by the host). No partials array, no host fold.</source>
        <translation>每个工作组用一次原子操作把结果合并到一个全局值中（即种子文章 002 的内核，但目标由主机初始化）。没有部分和数组，也没有主机端合并。</translation>
    </message>
    <message>
        <source>One work-item per element again, so this step is about the finish, not the loads: atomics on one address serialise.</source>
        <translation>又回到每个工作项一个元素，所以这一步讲的是收尾而不是加载：对同一地址的原子操作会串行化。</translation>
    </message>
    <message>
        <source>Single pass: the last work-group finishes</source>
        <translation>单趟：由最后一个工作组收尾</translation>
    </message>
    <message>
        <source>Every work-group writes its partial, then takes a ticket with atomic_inc after a memory fence; the work-group that draws the last ticket reduces all partials. The whole reduction is one kernel launch.</source>
        <translation>每个工作组写出自己的部分和，在内存栅栏之后用 atomic_inc 领取一张号码；领到最后一张号码的工作组规约所有部分和。整个规约只需启动一次内核。</translation>
    </message>
    <message>
        <source>No second kernel and no round trip to the host: for small inputs the launch overhead you save is a large part of the time.</source>
        <translation>不需要第二个内核，也不用往返主机：对小输入而言，省下的启动开销占了时间的很大一部分。</translation>
    </message>
    <message>
        <source>The built-in: work_group_reduce_*</source>
        <translation>内置函数：work_group_reduce_*</translation>
    </message>
    <message>
        <source>OpenCL 2.0&apos;s work_group_reduce_add/min/max does the whole tree in one call; the implementation picks shuffles, local memory and barriers for the device.</source>
        <translation>OpenCL 2.0 的 work_group_reduce_add/min/max 一次调用就完成整棵树；由实现为设备选择洗牌、本地内存和屏障。</translation>
    </message>
    <message>
        <source>The shortest kernel. Not every driver supports it (PoCL 3.1 cannot link it).</source>
        <translation>最短的内核。并非所有驱动都支持它（PoCL 3.1 无法链接它）。</translation>
    </message>
    <message>
        <source>Everything together, tuned for this device</source>
        <translation>集大成，并为本设备调优</translation>
    </message>
    <message>
        <source>Vector loads, several in flight per work-item, a grid-stride loop, the local-memory tree and a single-pass finish, with the vector width, unroll, local size and work-group count measured for this device.</source>
        <translation>向量加载（每个工作项有多个同时在途）、网格跨步循环、本地内存树形规约和单趟收尾；向量宽度、展开次数、本地大小和工作组数量都是在本设备上实测选出的。</translation>
    </message>
    <message>
        <source>The time to read the input once is the ceiling of any reduction: compare the GB/s with the dashed bandwidth line.</source>
        <translation>把输入读一遍所需的时间就是任何规约的极限：请把 GB/s 与带宽虚线比较。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>&lt;p&gt;&lt;b&gt;On %1:&lt;/b&gt; %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;在 %1 上：&lt;/b&gt;%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>the size %1 × %2 is out of range (16 to 20000 pixels)</source>
        <translation>尺寸 %1 × %2 超出范围（16 到 20000 像素）</translation>
    </message>
    <message>
        <source>%1 DPI is out of range (36 to 1200)</source>
        <translation>%1 DPI 超出范围（36 到 1200）</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>power-of-two local size</source>
        <translation>本地大小须为 2 的幂</translation>
    </message>
    <message>
        <source>any local size</source>
        <translation>任意本地大小</translation>
    </message>
    <message>
        <source>can be stepped</source>
        <translation>可单步跟踪</translation>
    </message>
    <message>
        <source>no tree to step</source>
        <translation>没有可单步跟踪的树</translation>
    </message>
    <message>
        <source> · %1-wide vector loads</source>
        <translation> · %1 路向量加载</translation>
    </message>
    <message>
        <source> · needs %1</source>
        <translation> · 需要%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;⚠ Deliberately racy:&lt;/b&gt; a teaching example of what goes wrong; its results may be wrong.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;⚠ 故意存在竞争：&lt;/b&gt;这是演示错误做法的教学示例，结果可能是错的。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;✖ Not available on this device:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;✖ 本设备不可用：&lt;/b&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No variant selected.</source>
        <translation>未选择变体。</translation>
    </message>
    <message>
        <source>could not render the chart for %1</source>
        <translation>无法为 %1 渲染图表</translation>
    </message>
    <message>
        <source>no file name given</source>
        <translation>没有给出文件名</translation>
    </message>
    <message>
        <source>could not encode the image for %1</source>
        <translation>无法为 %1 编码图像</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::CloseGuard</name>
    <message>
        <source>Save results</source>
        <translation>保存结果</translation>
    </message>
    <message>
        <source>Results JSON (*.json)</source>
        <translation>结果 JSON (*.json)</translation>
    </message>
    <message>
        <source>Close ReduceLab</source>
        <translation>关闭 ReduceLab</translation>
    </message>
    <message>
        <source>A sweep is still running, and the results measured so far are not saved.</source>
        <translation>扫描仍在运行，目前已测得的结果尚未保存。</translation>
    </message>
    <message>
        <source>The results of this session are not saved.</source>
        <translation>本次会话的结果尚未保存。</translation>
    </message>
    <message>
        <source>Save them as a results JSON before closing?</source>
        <translation>关闭前要把它们保存为结果 JSON 吗？</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ControlPanel</name>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>no OpenCL device</source>
        <translation>没有 OpenCL 设备</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>规约</translation>
    </message>
    <message>
        <source>Elements to reduce: type a number, 2^20, 2^20+7, 16Mi or 1M</source>
        <translation>要规约的元素个数：可输入数字、2^20、2^20+7、16Mi 或 1M</translation>
    </message>
    <message>
        <source>&amp;Operation</source>
        <translation>运算(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Type</source>
        <translation>类型(&amp;T)</translation>
    </message>
    <message>
        <source>Variant &amp;A</source>
        <translation>变体 &amp;A</translation>
    </message>
    <message>
        <source>Variant &amp;B</source>
        <translation>变体 &amp;B</translation>
    </message>
    <message>
        <source>&amp;n</source>
        <translation>&amp;n</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Elements each work-item reads in a grid-stride variant (auto: enough work-groups to fill the device)</source>
        <translation>网格跨步变体中每个工作项读取的元素数（自动：足以填满设备的工作组数）</translation>
    </message>
    <message>
        <source>host (read partials back)</source>
        <translation>主机（读回部分和）</translation>
    </message>
    <message>
        <source>second kernel</source>
        <translation>第二个内核</translation>
    </message>
    <message>
        <source>atomics</source>
        <translation>原子操作</translation>
    </message>
    <message>
        <source>How the work-groups&apos; partial results become one value. Variants that combine them themselves (atomic, single-pass) always use their own way.</source>
        <translation>各工作组的部分结果如何合成一个值。自行合并的变体（atomic、single-pass）始终使用自己的方式。</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>wide (64-bit / double)</source>
        <translation>加宽（64 位 / double）</translation>
    </message>
    <message>
        <source>same width (wraps)</source>
        <translation>同宽（会回绕）</translation>
    </message>
    <message>
        <source>Timed runs; the median is reported</source>
        <translation>计时运行次数；报告中位数</translation>
    </message>
    <message>
        <source>Local si&amp;ze</source>
        <translation>本地大小(&amp;Z)</translation>
    </message>
    <message>
        <source>Items per &amp;work-item</source>
        <translation>每个工作项的元素数(&amp;W)</translation>
    </message>
    <message>
        <source>F&amp;inish</source>
        <translation>收尾方式(&amp;I)</translation>
    </message>
    <message>
        <source>Accumulator</source>
        <translation>累加器</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Run, verify and time variants A and B (Ctrl+R)</source>
        <translation>运行、验证并计时变体 A 和 B（Ctrl+R）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>No OpenCL device was found. Install an OpenCL driver (for example pocl-opencl-icd) and restart.</source>
        <translation>未找到 OpenCL 设备。请安装 OpenCL 驱动（例如 pocl-opencl-icd）后重新启动。</translation>
    </message>
    <message>
        <source>
(no local-memory tree: cannot be stepped)</source>
        <translation>
（没有本地内存树：无法单步跟踪）</translation>
    </message>
    <message>
        <source>
Unavailable on this device: %1</source>
        <translation>
本设备不可用：%1</translation>
    </message>
    <message>
        <source>auto (engine default)</source>
        <translation>自动（引擎默认）</translation>
    </message>
    <message>
        <source>no variant selected</source>
        <translation>未选择变体</translation>
    </message>
    <message>
        <source>n = %1 needs a buffer of %2 but the largest buffer %3 allows is %4</source>
        <translation>n = %1 需要 %2 的缓冲区，但 %3 允许的最大缓冲区是 %4</translation>
    </message>
    <message>
        <source>ramp: 1, 2, …, n; random: reproducible for the seed; ones: all 1; randint: small integers (-8 to 8), whose float sums are exact; cancel, cancel-sorted, wide-exponent: hard float sums (large cancellation, shuffled or sorted; a wide exponent range) whose exact sum the reference computes</source>
        <translation>递增 1…n：1, 2, …, n；随机：由种子决定、可复现；全为 1：每个元素都是 1；小整数：-8 到 8 的整数，其浮点和是精确的；相消、相消（已排序）、宽指数范围：难以求和的浮点输入（大量相消，乱序或排序；指数范围很宽），参考值会计算它们的精确和</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::CustomKernelWindow</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the check: its process is ended</source>
        <translation>停止检查：结束它的进程</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Cancelled&lt;/h3&gt;&lt;p&gt;The check was stopped and its process ended.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;已取消&lt;/h3&gt;&lt;p&gt;检查已停止，它的进程已结束。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>ReduceLab — try your own kernel</source>
        <translation>ReduceLab — 试写你自己的内核</translation>
    </message>
    <message>
        <source>Start again from the catalog&apos;s copy</source>
        <translation>从目录中的原版重新开始</translation>
    </message>
    <message>
        <source>Build, check and time</source>
        <translation>编译、检查并计时</translation>
    </message>
    <message>
        <source>Build the kernel, verify it against the CPU on several sizes and time it (Ctrl+B)</source>
        <translation>编译内核，在多种规模上与 CPU 结果对照验证，并计时（Ctrl+B）</translation>
    </message>
    <message>
        <source>Step it</source>
        <translation>单步跟踪</translation>
    </message>
    <message>
        <source>Trace one work-group of your kernel beside the catalog&apos;s original (needs the TRACE_SNAPSHOT / TRACE_ACCESS hooks)</source>
        <translation>把你的内核的一个工作组与目录中的原版并排跟踪（需要 TRACE_SNAPSHOT / TRACE_ACCESS 钩子）</translation>
    </message>
    <message>
        <source>Copy of</source>
        <translation>副本来自</translation>
    </message>
    <message>
        <source>✖ The kernel does not build: see the build log</source>
        <translation>✖ 内核编译失败：请查看编译日志</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✖ Build failed&lt;/h3&gt;&lt;p&gt;Click a line number in the build log to jump to it in the editor.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;✖ 编译失败&lt;/h3&gt;&lt;p&gt;点击编译日志中的行号，即可跳到编辑器中的对应行。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Your copy of %1&lt;/h3&gt;&lt;p&gt;Edit the kernel, then &lt;b&gt;Build, check and time&lt;/b&gt; it. Keep the kernel&apos;s name and signature. Keep the &lt;code&gt;TRACE_SNAPSHOT&lt;/code&gt; and &lt;code&gt;TRACE_ACCESS&lt;/code&gt; hooks to step it.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;你的 %1 副本&lt;/h3&gt;&lt;p&gt;编辑内核，然后点击&lt;b&gt;编译、检查并计时&lt;/b&gt;。请保留内核的名称和签名。保留 &lt;code&gt;TRACE_SNAPSHOT&lt;/code&gt; 和 &lt;code&gt;TRACE_ACCESS&lt;/code&gt; 钩子即可单步跟踪。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No OpenCL device</source>
        <translation>没有 OpenCL 设备</translation>
    </message>
    <message>
        <source>Building and checking…</source>
        <translation>正在编译并检查…</translation>
    </message>
    <message>
        <source>The catalog&apos;s %1</source>
        <translation>目录中的 %1</translation>
    </message>
    <message>
        <source>Yours: %1</source>
        <translation>你的：%1</translation>
    </message>
    <message>
        <source>Your kernel cannot be stepped: keep TRACE_PARAMS in its signature, TRACE_SNAPSHOT(scratch, round) after each barrier and TRACE_ACCESS(round, a, b, written) for each combine, as the catalog&apos;s kernels do.</source>
        <translation>你的内核无法单步跟踪：请像目录中的内核那样，在签名中保留 TRACE_PARAMS，在每个屏障之后调用 TRACE_SNAPSHOT(scratch, round)，并为每次合并调用 TRACE_ACCESS(round, a, b, written)。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Build log&lt;/b&gt; (click a location to jump to it):</source>
        <translation>&lt;b&gt;编译日志&lt;/b&gt;（点击位置即可跳转）：</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✔ Verified on every size, work-group by work-group&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;✔ 所有规模均已逐个工作组验证通过&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✖ Wrong results&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;✖ 结果错误&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>work-groups</source>
        <translation>工作组数</translation>
    </message>
    <message>
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>CPU reference</source>
        <translation>CPU 参考值</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>是否通过</translation>
    </message>
    <message>
        <source>wrong work-groups</source>
        <translation>出错的工作组</translation>
    </message>
    <message>
        <source>✔</source>
        <translation>✔</translation>
    </message>
    <message>
        <source>✖</source>
        <translation>✖</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;First mismatching work-group&lt;/b&gt; (n = %1, local size %2): work-group &lt;b&gt;%3&lt;/b&gt;, which reads %4 element(s) starting at index %5, produced &lt;b&gt;%6&lt;/b&gt;; the CPU&apos;s reduction of those elements is &lt;b&gt;%7&lt;/b&gt;. %8 of %9 work-groups differ.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;第一个结果不符的工作组&lt;/b&gt;（n = %1，本地大小 %2）：工作组 &lt;b&gt;%3&lt;/b&gt; 读取从下标 %5 开始的 %4 个元素，得到 &lt;b&gt;%6&lt;/b&gt;；CPU 对这些元素的规约结果是 &lt;b&gt;%7&lt;/b&gt;。%9 个工作组中有 %8 个不符。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Time&lt;/b&gt; at n = %1: %2 ms (kernel %3 ms), %4 GB/s — median of %5 runs.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;时间&lt;/b&gt;（n = %1）：%2 ms（内核 %3 ms），%4 GB/s — %5 次运行的中位数。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Build options:</source>
        <translation>编译选项：</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your kernel has no trace hooks, so it cannot be stepped.&lt;/p&gt;</source>
        <translation>&lt;p&gt;你的内核没有跟踪钩子，因此无法单步跟踪。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>✔ verified, %1 GB/s</source>
        <translation>✔ 已验证，%1 GB/s</translation>
    </message>
    <message>
        <source>✖ wrong results</source>
        <translation>✖ 结果错误</translation>
    </message>
    <message>
        <source>Start again</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Your edits to %1 will be lost.</source>
        <translation>你对 %1 的修改将会丢失。</translation>
    </message>
    <message>
        <source>Discard them and start again from the catalog&apos;s copy?</source>
        <translation>丢弃这些修改，从目录中的原版重新开始？</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::DeterminismFrontier</name>
    <message>
        <source>Error against speed</source>
        <translation>误差与速度</translation>
    </message>
    <message>
        <source>GB/s (input bytes ÷ time)</source>
        <translation>GB/s（输入字节数 ÷ 时间）</translation>
    </message>
    <message>
        <source>|result − exact sum| ÷ |exact sum|</source>
        <translation>|结果 − 精确和| ÷ |精确和|</translation>
    </message>
    <message>
        <source>rounded differently</source>
        <translation>舍入结果不同</translation>
    </message>
    <message>
        <source>exact (correctly rounded)</source>
        <translation>精确（正确舍入）</translation>
    </message>
    <message>
        <source>%1: %2 GB/s, relative error %3
result %4 (%5)</source>
        <translation>%1：%2 GB/s，相对误差 %3
结果 %4（%5）</translation>
    </message>
    <message>
        <source>0 (exact)</source>
        <translation>0（精确）</translation>
    </message>
    <message>
        <source>Error against speed: %1 on %2</source>
        <translation>误差与速度：%1，在 %2 上</translation>
    </message>
    <message>
        <source>%1 (exact)</source>
        <translation>%1（精确）</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::DeterminismHistogram</name>
    <message>
        <source>nondeterministic</source>
        <translation>非确定性</translation>
    </message>
    <message>
        <source>run-to-run</source>
        <translation>运行间一致</translation>
    </message>
    <message>
        <source>launch-invariant</source>
        <translation>启动配置无关</translation>
    </message>
    <message>
        <source>device-invariant</source>
        <translation>设备无关</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Distinct
(device 1)</source>
        <translation>不同结果
（设备 1）</translation>
    </message>
    <message>
        <source>Distinct
(device 2)</source>
        <translation>不同结果
（设备 2）</translation>
    </message>
    <message>
        <source>Correctly
rounded</source>
        <translation>正确
舍入</translation>
    </message>
    <message>
        <source>runs giving this result</source>
        <translation>得到该结果的运行次数</translation>
    </message>
    <message>
        <source>distinct results (value, bits)</source>
        <translation>不同结果（值，位）</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Distinct results: run a study</source>
        <translation>不同结果：请先运行实验</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>%1: %2 (%3 runs)</source>
        <translation>%1：%2（%3 次运行）</translation>
    </message>
    <message>
        <source>correctly rounded sum %1 (%2)</source>
        <translation>正确舍入的和 %1（%2）</translation>
    </message>
    <message>
        <source>device %1: %2 (%3)</source>
        <translation>设备 %1：%2（%3）</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::DeterminismLessonPanel</name>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Show me</source>
        <translation>演示一下</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Look for:</source>
        <translation>观察要点：</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::DeterminismWindow</name>
    <message>
        <source>Determinism &amp; accuracy</source>
        <translation>确定性与精度</translation>
    </message>
    <message>
        <source>Distinct results</source>
        <translation>不同结果</translation>
    </message>
    <message>
        <source>Error against GB/s</source>
        <translation>误差与 GB/s</translation>
    </message>
    <message>
        <source>Lesson: why the bits change</source>
        <translation>课程：结果的位为何改变</translation>
    </message>
    <message>
        <source>Grid-stride variants only: the other variants&apos; work-groups follow from the size and the local size.</source>
        <translation>仅适用于网格跨步变体：其他变体的工作组数由规模和本地大小决定。</translation>
    </message>
    <message>
        <source>each variant&apos;s own</source>
        <translation>各变体自己的方式</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Runs per launch</source>
        <translation>每种启动配置的运行次数</translation>
    </message>
    <message>
        <source>Local sizes</source>
        <translation>本地大小</translation>
    </message>
    <message>
        <source>Work-groups</source>
        <translation>工作组数</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>收尾</translation>
    </message>
    <message>
        <source>Device 1</source>
        <translation>设备 1</translation>
    </message>
    <message>
        <source>Device 2</source>
        <translation>设备 2</translation>
    </message>
    <message>
        <source>Variants</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Run study</source>
        <translation>运行实验</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Export data</source>
        <translation>导出数据</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>JSON…</source>
        <translation>JSON…</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>choose an input</source>
        <translation>请选择输入</translation>
    </message>
    <message>
        <source>elements: %1</source>
        <translation>元素数：%1</translation>
    </message>
    <message>
        <source>at least 1</source>
        <translation>至少为 1</translation>
    </message>
    <message>
        <source>local sizes: give positive numbers, such as 64, 256</source>
        <translation>本地大小：请给出正整数，例如 64, 256</translation>
    </message>
    <message>
        <source>work-groups: give positive numbers, such as 3, 16, 128</source>
        <translation>工作组数：请给出正整数，例如 3, 16, 128</translation>
    </message>
    <message>
        <source>no OpenCL device to run on</source>
        <translation>没有可运行的 OpenCL 设备</translation>
    </message>
    <message>
        <source>choose at least one variant</source>
        <translation>请至少选择一个变体</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>正在运行 %1</translation>
    </message>
    <message numerus="yes">
        <source>Done: %n variant(s).</source>
        <translation>
            <numerusform>完成：%n 个变体。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: use .png, .svg or .pdf</source>
        <translation>%1：请使用 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <source>Chart saved to %1</source>
        <translation>图表已保存到 %1</translation>
    </message>
    <message>
        <source>%1: use .csv or .json</source>
        <translation>%1：请使用 .csv 或 .json</translation>
    </message>
    <message>
        <source>Data saved to %1</source>
        <translation>数据已保存到 %1</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要替换它吗？</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>导出图表数据</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>device 2 is device 1 (%1): a study would count its bits twice; choose another device 2, or (none)</source>
        <translation>设备 2 与设备 1 相同（%1）：研究会把它的位模式计两次；请另选设备 2，或选（无）</translation>
    </message>
    <message>
        <source>%1: no study to export; run one first</source>
        <translation>%1：没有可导出的研究；请先运行一次</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ErrorDialog</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>(no build log)</source>
        <translation>（没有编译日志）</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ExerciseWindow</name>
    <message>
        <source>ReduceLab — exercises</source>
        <translation>ReduceLab — 练习</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Grade your kernel: correct on hidden inputs, how it behaves on the step trace, race-free under Oclgrind, and fast against the reference (Ctrl+B)</source>
        <translation>评判你的内核：在隐藏输入上是否正确、在单步跟踪中的行为、在 Oclgrind 下是否无竞争、与参考相比是否够快（Ctrl+B）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the check: its process is ended</source>
        <translation>停止检查：结束它的进程</translation>
    </message>
    <message>
        <source>Start again from the starter</source>
        <translation>从初始代码重新开始</translation>
    </message>
    <message>
        <source>The exercises of $REDUCELAB_EXERCISES could not be read: %1</source>
        <translation>无法读取 $REDUCELAB_EXERCISES 中的练习：%1</translation>
    </message>
    <message numerus="yes">
        <source>Show a hint (%n left)</source>
        <translation>
            <numerusform>显示一条提示（还剩 %n 条）</numerusform>
        </translation>
    </message>
    <message>
        <source>No more hints</source>
        <translation>没有更多提示了</translation>
    </message>
    <message>
        <source>Start again</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Your edits to this exercise&apos;s kernel will be lost.</source>
        <translation>你对这道练习内核的修改将会丢失。</translation>
    </message>
    <message>
        <source>Discard them and start again from the starter kernel?</source>
        <translation>丢弃这些修改，从初始内核重新开始？</translation>
    </message>
    <message>
        <source>No OpenCL device</source>
        <translation>没有 OpenCL 设备</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Cancelled&lt;/h3&gt;&lt;p&gt;The check was stopped and its process ended.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;已取消&lt;/h3&gt;&lt;p&gt;检查已停止，它的进程已结束。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1: %2 of %3 — %4</source>
        <translation>%1：第 %2 步（共 %3 步）— %4</translation>
    </message>
    <message>
        <source>✔ Every check passed</source>
        <translation>✔ 所有检查均已通过</translation>
    </message>
    <message>
        <source>✖ Not yet: see the checks</source>
        <translation>✖ 还没有通过：请看各项检查</translation>
    </message>
    <message>
        <source>The catalog&apos;s %1</source>
        <translation>目录中的 %1</translation>
    </message>
    <message>
        <source>Yours: %1</source>
        <translation>你的：%1</translation>
    </message>
    <message>
        <source>Your kernel cannot be stepped: keep TRACE_PARAMS in its signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS for each combine.</source>
        <translation>你的内核无法单步跟踪：请在签名中保留 TRACE_PARAMS，在每个屏障之后保留 TRACE_SNAPSHOT，在每次合并时保留 TRACE_ACCESS。</translation>
    </message>
    <message>
        <source>Your kernel did not run: the correct check says why.</source>
        <translation>你的内核没有运行：“正确”检查会说明原因。</translation>
    </message>
    <message>
        <source>This exercise&apos;s kernel finishes in one launch, with no work-group tree to step: the correct check says how it did.</source>
        <translation>本练习的 kernel 在一次启动中完成，没有可逐步查看的工作组归约树：“正确”检查会说明它的结果。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ExplanationPanel</name>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ExportDialog</name>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>PNG (raster, at the DPI below)</source>
        <translation>PNG（位图，按下面的 DPI）</translation>
    </message>
    <message>
        <source>SVG (vector)</source>
        <translation>SVG（矢量）</translation>
    </message>
    <message>
        <source>PDF (vector)</source>
        <translation>PDF（矢量）</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>DPI</source>
        <translation>DPI</translation>
    </message>
    <message>
        <source>Charts (*.png *.svg *.pdf)</source>
        <translation>图表 (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>The PNG has exactly the width and height above; text and lines are drawn DPI ÷ 96 times their size on screen</source>
        <translation>PNG 的宽度和高度正好是上面的数值；文字和线条按屏幕上大小的 DPI ÷ 96 倍绘制</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::KernelViewer</name>
    <message>
        <source>Kernel sources</source>
        <translation>内核源代码</translation>
    </message>
    <message>
        <source>(not buildable for this problem: %1)</source>
        <translation>（无法为此问题编译：%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — shared by every variant: it is prepended to each variant&apos;s file and turns the -D knobs into T, ACC, IDENTITY, combine() and the trace hooks.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 所有变体共用：它被加在每个变体文件的前面，把 -D 开关转换成 T、ACC、IDENTITY、combine() 和跟踪钩子。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Build options&lt;/b&gt; (%1 of %2): &lt;code&gt;%3&lt;/code&gt;</source>
        <translation>&lt;b&gt;编译选项&lt;/b&gt;（%2 的 %1）：&lt;code&gt;%3&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Build options&lt;/b&gt; for %1 of %2: &lt;code&gt;%3&lt;/code&gt;</source>
        <translation>&lt;b&gt;编译选项&lt;/b&gt;（%2 的 %1）：&lt;code&gt;%3&lt;/code&gt;</translation>
    </message>
    <message>
        <source> plus &lt;code&gt;-DWGS=&lt;/code&gt;&lt;i&gt;local size&lt;/i&gt;</source>
        <translation>，另加 &lt;code&gt;-DWGS=&lt;/code&gt;&lt;i&gt;本地大小&lt;/i&gt;</translation>
    </message>
    <message>
        <source> plus &lt;code&gt;-DVW -DUNROLL -DBLOCKED -DINDEX32&lt;/code&gt; from the device&apos;s tuning</source>
        <translation>，另加来自设备调优结果的 &lt;code&gt;-DVW -DUNROLL -DBLOCKED -DINDEX32&lt;/code&gt;</translation>
    </message>
    <message>
        <source> plus &lt;code&gt;%1&lt;/code&gt; on NVIDIA devices</source>
        <translation>，在 NVIDIA 设备上另加 &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Last launched with&lt;/b&gt;: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;上次启动时使用&lt;/b&gt;：&lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::LadderChart</name>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Step
speed-up</source>
        <translation>单步
加速比</translation>
    </message>
    <message>
        <source>Cumulative
speed-up</source>
        <translation>累计
加速比</translation>
    </message>
    <message>
        <source>% of
ceiling</source>
        <translation>占上限
百分比</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>Optimization ladder</source>
        <translation>优化阶梯</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>NOT verified</source>
        <translation>未通过验证</translation>
    </message>
    <message>
        <source>GB/s (input bytes ÷ time)</source>
        <translation>GB/s（输入字节数 ÷ 时间）</translation>
    </message>
    <message>
        <source>✔ yes</source>
        <translation>✔ 是</translation>
    </message>
    <message>
        <source>✖ NO</source>
        <translation>✖ 否</translation>
    </message>
    <message>
        <source>%1: %2 GB/s, %3 ms</source>
        <translation>%1：%2 GB/s，%3 ms</translation>
    </message>
    <message>
        <source>
%1% of the measured copy ceiling</source>
        <translation>
实测复制带宽上限的 %1%</translation>
    </message>
    <message>
        <source>
%1× the step before, %2× the first rung</source>
        <translation>
是上一级的 %1 倍，第一级的 %2 倍</translation>
    </message>
    <message>
        <source>
from cache</source>
        <translation>
来自缓存</translation>
    </message>
    <message>
        <source>copy ceiling</source>
        <translation>复制带宽上限</translation>
    </message>
    <message>
        <source>▲ %1, above the scale</source>
        <translation>▲ %1，超出坐标范围</translation>
    </message>
    <message>
        <source>from cache: %1
ran faster than the device&apos;s memory was measured (%2 GB/s):
the input sat in a cache, so these percentages exceed 100%</source>
        <translation>来自缓存：%1
运行速度超过了该设备内存的实测速度（%2 GB/s）：
输入留在缓存中，所以这些百分比超过 100%</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::LessonView</name>
    <message>
        <source>ReduceLab — lesson: the optimization ladder</source>
        <translation>ReduceLab — 课程：优化阶梯</translation>
    </message>
    <message>
        <source>Measured %1 of %2 steps</source>
        <translation>已测量 %2 步中的 %1 步</translation>
    </message>
    <message>
        <source>Every available step measured on %1</source>
        <translation>已在 %1 上测量所有可用步骤</translation>
    </message>
    <message>
        <source>✖ %1</source>
        <translation>✖ %1</translation>
    </message>
    <message>
        <source>Measurement cancelled</source>
        <translation>测量已取消</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Measure every step</source>
        <translation>测量每一步</translation>
    </message>
    <message>
        <source>Run, verify and time every step available on this device</source>
        <translation>在本设备上运行、验证并计时每个可用步骤</translation>
    </message>
    <message>
        <source>Export PDF handout…</source>
        <translation>导出 PDF 讲义…</translation>
    </message>
    <message>
        <source>The lesson&apos;s steps, measured</source>
        <translation>本课各步骤的实测结果</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>× previous</source>
        <translation>比上一步</translation>
    </message>
    <message>
        <source>× first</source>
        <translation>比第一步</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>Export the lesson as a PDF handout</source>
        <translation>把本课导出为 PDF 讲义</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Handout written to %1</source>
        <translation>讲义已写入 %1</translation>
    </message>
    <message>
        <source>Skipped on this device: %1</source>
        <translation>本设备上跳过：%1</translation>
    </message>
    <message>
        <source>The lesson&apos;s steps on %1</source>
        <translation>本课各步骤在 %1 上的结果</translation>
    </message>
    <message>
        <source>%1 of %2 %3 elements (%4) on %5 · median of %6 timed runs</source>
        <translation>在 %5 上对 %2 个 %3 元素（%4）求 %1 · %6 次计时运行的中位数</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3</source>
        <translation>第 %1 步（共 %2 步）· %3</translation>
    </message>
    <message>
        <source>What changes:</source>
        <translation>改动：</translation>
    </message>
    <message>
        <source>What to look for:</source>
        <translation>观察要点：</translation>
    </message>
    <message>
        <source>Skipped on this device:</source>
        <translation>本设备上跳过：</translation>
    </message>
    <message>
        <source>Measured:</source>
        <translation>实测：</translation>
    </message>
    <message>
        <source>%1 ms, %2 GB/s, %3 over step %4, %5 over the first%6</source>
        <translation>%1 ms，%2 GB/s，比第 %4 步快 %3，比第一步快 %5%6</translation>
    </message>
    <message>
        <source>%1 ms, %2 GB/s%3</source>
        <translation>%1 ms，%2 GB/s%3</translation>
    </message>
    <message>
        <source> · from cache: the input fits the device&apos;s cache, so this GB/s may be the cache&apos;s, not memory&apos;s</source>
        <translation> · 来自缓存：输入能放进该设备的缓存，所以这个 GB/s 可能是缓存的速度，而不是内存的</translation>
    </message>
    <message>
        <source> (NOT verified)</source>
        <translation>（未通过验证）</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>失败：</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — the starting point</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 起点</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; against step %2 (%3): &lt;span style=&apos;background:#d4f2d4&apos;&gt;&amp;nbsp;%4 lines added or changed&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#f8d7d7&apos;&gt;&amp;nbsp;%5 lines removed&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 与第 %2 步（%3）相比：&lt;span style=&apos;background:#d4f2d4&apos;&gt;&amp;nbsp;新增或修改 %4 行&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#f8d7d7&apos;&gt;&amp;nbsp;删除 %5 行&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>(no earlier tree)</source>
        <translation>（之前没有树）</translation>
    </message>
    <message>
        <source>This is the first step with a tree to step.</source>
        <translation>这是第一个有树可单步跟踪的步骤。</translation>
    </message>
    <message>
        <source>Before:</source>
        <translation>之前：</translation>
    </message>
    <message>
        <source>This step:</source>
        <translation>本步：</translation>
    </message>
    <message>
        <source>No OpenCL device to trace on.</source>
        <translation>没有可供跟踪的 OpenCL 设备。</translation>
    </message>
    <message>
        <source>%1 has no local-memory tree with barrier rounds to step: it combines values in registers or across work-groups.</source>
        <translation>%1 没有带屏障轮次的本地内存树可供单步跟踪：它在寄存器中或跨工作组合并数值。</translation>
    </message>
    <message numerus="yes">
        <source>Measuring %n step(s)…</source>
        <translation>
            <numerusform>正在测量 %n 个步骤…</numerusform>
        </translation>
    </message>
    <message>
        <source>✔</source>
        <translation>✔</translation>
    </message>
    <message>
        <source>✖</source>
        <translation>✖</translation>
    </message>
    <message>
        <source>skipped: %1</source>
        <translation>跳过：%1</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>The optimization ladder, step by step</source>
        <translation>优化阶梯，一步一步来</translation>
    </message>
    <message>
        <source>Measured on this device</source>
        <translation>在本设备上的实测结果</translation>
    </message>
    <message>
        <source>%1, the starting point:</source>
        <translation>%1，起点：</translation>
    </message>
    <message>
        <source>%1, with the lines changed since step %2 marked (+ added, − removed):</source>
        <translation>%1，标出自第 %2 步以来改动的行（+ 新增，− 删除）：</translation>
    </message>
    <message>
        <source>ReduceLab lesson: the optimization ladder</source>
        <translation>ReduceLab 课程：优化阶梯</translation>
    </message>
    <message>
        <source>could not render the handout for %1</source>
        <translation>无法为 %1 渲染讲义</translation>
    </message>
    <message>
        <source>✔ The trace shows what this step describes.</source>
        <translation>✔ 跟踪结果展示了这一步所描述的现象。</translation>
    </message>
    <message>
        <source>⚠ Not visible at these settings (%1): the step opens at local size %2, warp width %3.</source>
        <translation>⚠ 在当前设置下看不到（%1）：这一步以本地大小 %2、warp 宽度 %3 打开。</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::MainMenus</name>
    <message>
        <source>&amp;About ReduceLab</source>
        <translation>关于 ReduceLab(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Auto-tune A</source>
        <translation>自动调优 A(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Back one round</source>
        <translation>后退一轮(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Cancel everything</source>
        <translation>全部取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Copy chart</source>
        <translation>复制图表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export chart…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Forward one round</source>
        <translation>前进一轮(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Kernel sources…</source>
        <translation>内核源代码(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Last round</source>
        <translation>最后一轮(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Lesson: the optimization ladder…</source>
        <translation>课程：优化阶梯(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Measure the bandwidth ceiling</source>
        <translation>测量带宽上限(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Open results…</source>
        <translation>打开结果(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Play / pause</source>
        <translation>播放 / 暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run A and B</source>
        <translation>运行 A 和 B(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>单步(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Trace A and B (step view)</source>
        <translation>跟踪 A 和 B（单步视图）(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Try your own kernel…</source>
        <translation>试写你自己的内核(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Whole work-group</source>
        <translation>整个工作组(&amp;W)</translation>
    </message>
    <message>
        <source>&lt;b&gt;ReduceLab %1&lt;/b&gt;&lt;br&gt;Teach and tune OpenCL parallel reductions with real measurements on your own hardware.</source>
        <translation>&lt;b&gt;ReduceLab %1&lt;/b&gt;&lt;br&gt;在你自己的硬件上，用真实测量来讲授和调优 OpenCL 并行规约。</translation>
    </message>
    <message>
        <source>About ReduceLab</source>
        <translation>关于 ReduceLab</translation>
    </message>
    <message>
        <source>All areas</source>
        <translation>所有区域</translation>
    </message>
    <message>
        <source>Charts only</source>
        <translation>仅图表</translation>
    </message>
    <message>
        <source>Export step &amp;animation as PNGs…</source>
        <translation>把单步动画导出为 PNG 序列(&amp;A)…</translation>
    </message>
    <message>
        <source>Export step &amp;round as PNG…</source>
        <translation>把当前轮导出为 PNG(&amp;R)…</translation>
    </message>
    <message>
        <source>F&amp;irst (loaded)</source>
        <translation>开头（载入后）(&amp;I)</translation>
    </message>
    <message>
        <source>Follow the system language</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <source>Results table only</source>
        <translation>仅结果表</translation>
    </message>
    <message>
        <source>Run the la&amp;dder</source>
        <translation>运行优化阶梯(&amp;D)</translation>
    </message>
    <message>
        <source>Step view only</source>
        <translation>仅单步视图</translation>
    </message>
    <message>
        <source>Sweep &amp;local sizes</source>
        <translation>扫描本地大小(&amp;L)</translation>
    </message>
    <message>
        <source>Sweep &amp;n</source>
        <translation>扫描 n(&amp;N)</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Open results or a session</source>
        <translation>打开结果或会话</translation>
    </message>
    <message>
        <source>Results JSON or session (*.json *.reducelab);;All files (*)</source>
        <translation>结果 JSON 或会话 (*.json *.reducelab);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Save session…</source>
        <translation>保存会话(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Determinism &amp;&amp; accuracy…</source>
        <translation>确定性与精度(&amp;D)…</translation>
    </message>
    <message>
        <source>Lesson: &amp;why the bits change…</source>
        <translation>课程：结果的位为何改变(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Split across devices…</source>
        <translation>跨设备拆分(&amp;S)…</translation>
    </message>
    <message>
        <source>Close a Lessons window</source>
        <translation>关闭“课程”菜单中的窗口</translation>
    </message>
    <message>
        <source>&amp;Exercises…</source>
        <translation>练习(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::MainWindow</name>
    <message>
        <source>ReduceLab — parallel reductions, measured</source>
        <translation>ReduceLab — 实测并行规约</translation>
    </message>
    <message>
        <source>Looking for OpenCL devices…</source>
        <translation>正在查找 OpenCL 设备…</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制面板</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Run finished</source>
        <translation>运行完成</translation>
    </message>
    <message numerus="yes">
        <source>%n OpenCL device(s) found</source>
        <translation>
            <numerusform>找到 %n 个 OpenCL 设备</numerusform>
        </translation>
    </message>
    <message>
        <source>ReduceLab — %1</source>
        <translation>ReduceLab — %1</translation>
    </message>
    <message>
        <source>there is no OpenCL device to run on; you can still open results files (Ctrl+O)</source>
        <translation>没有可运行的 OpenCL 设备；你仍然可以打开结果文件（Ctrl+O）</translation>
    </message>
    <message>
        <source>still looking for OpenCL devices</source>
        <translation>仍在查找 OpenCL 设备</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Traced: press Space to play, → to step</source>
        <translation>跟踪完成：按空格键播放，按 → 单步</translation>
    </message>
    <message>
        <source>. Meanwhile you can open results files (Ctrl+O) measured elsewhere.</source>
        <translation>。此时你仍可以打开在别处测得的结果文件（Ctrl+O）。</translation>
    </message>
    <message>
        <source>No OpenCL device to trace on.</source>
        <translation>没有可供跟踪的 OpenCL 设备。</translation>
    </message>
    <message>
        <source>The bandwidth ceiling could not be measured: %1</source>
        <translation>无法测量带宽上限：%1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>%1 — %2 (%3)</source>
        <translation>%1 — %2（%3）</translation>
    </message>
    <message>
        <source>file %1</source>
        <translation>文件 %1</translation>
    </message>
    <message>
        <source>Opened %1: %2 point(s) of suite &apos;%3&apos;, measured on %4 by %5</source>
        <translation>已打开 %1：测试集“%3”的 %2 个点，由 %5 在 %4 上测得</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>The run was interrupted: these are the points measured before it stopped.</source>
        <translation>运行被中断：这些是停止前已测得的点。</translation>
    </message>
    <message>
        <source>The last session could not be restored: %1</source>
        <translation>无法恢复上次的会话：%1</translation>
    </message>
    <message>
        <source>Bandwidth ceiling: %1; %2</source>
        <translation>带宽上限：%1；%2</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>Opened session %1</source>
        <translation>已打开会话 %1</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>ReduceLab session (*.reducelab)</source>
        <translation>ReduceLab 会话 (*.reducelab)</translation>
    </message>
    <message>
        <source>Saved session %1</source>
        <translation>已保存会话 %1</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::MessageBanner</name>
    <message>
        <source>Details…</source>
        <translation>详情…</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::PanelTraces</name>
    <message>
        <source>Tracing cancelled.</source>
        <translation>跟踪已取消。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::PerformanceView</name>
    <message>
        <source>GB/s against local size (tuning)</source>
        <translation>GB/s 与本地大小（调优）</translation>
    </message>
    <message>
        <source>GB/s against input size</source>
        <translation>GB/s 与输入规模</translation>
    </message>
    <message>
        <source>Sweep local sizes</source>
        <translation>扫描本地大小</translation>
    </message>
    <message>
        <source>Measure variants A and B at every local size (Ctrl+L)</source>
        <translation>在每个本地大小上测量变体 A 和 B（Ctrl+L）</translation>
    </message>
    <message>
        <source>Auto-tune A</source>
        <translation>自动调优 A</translation>
    </message>
    <message>
        <source>Sweep local size × items per work-item for variant A and mark the fastest (Ctrl+Shift+T)</source>
        <translation>为变体 A 扫描本地大小 × 每个工作项的元素数，并标出最快的配置（Ctrl+Shift+T）</translation>
    </message>
    <message>
        <source>Drag to try a local size: variant A is re-measured where you stop</source>
        <translation>拖动以尝试某个本地大小：在你停下的位置重新测量变体 A</translation>
    </message>
    <message>
        <source>local size</source>
        <translation>本地大小</translation>
    </message>
    <message>
        <source>Sweep n</source>
        <translation>扫描 n</translation>
    </message>
    <message>
        <source>Measure variants A and B over n = 2^from … 2^to (Ctrl+Shift+N)</source>
        <translation>在 n = 2^起 … 2^止 范围内测量变体 A 和 B（Ctrl+Shift+N）</translation>
    </message>
    <message>
        <source>from</source>
        <translation>起</translation>
    </message>
    <message>
        <source>to</source>
        <translation>止</translation>
    </message>
    <message>
        <source>Run the ladder</source>
        <translation>运行优化阶梯</translation>
    </message>
    <message>
        <source>Every kernel variant available here, at the control panel&apos;s n (Ctrl+D)</source>
        <translation>在控制面板的 n 下运行此处可用的每个内核变体（Ctrl+D）</translation>
    </message>
    <message>
        <source>each rung at its default local size, on the control panel&apos;s n, op and type</source>
        <translation>每一级使用其默认本地大小，采用控制面板中的 n、运算和类型</translation>
    </message>
    <message>
        <source>Local size &amp;&amp; tuning</source>
        <translation>本地大小与调优</translation>
    </message>
    <message>
        <source>Input size</source>
        <translation>输入规模</translation>
    </message>
    <message>
        <source>Ladder</source>
        <translation>优化阶梯</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>local %1</source>
        <translation>本地大小 %1</translation>
    </message>
    <message>
        <source>measuring soon…</source>
        <translation>即将测量…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Chart as PNG / SVG / PDF…</source>
        <translation>图表导出为 PNG / SVG / PDF…</translation>
    </message>
    <message>
        <source>Copy chart to clipboard</source>
        <translation>把图表复制到剪贴板</translation>
    </message>
    <message>
        <source>Data as CSV…</source>
        <translation>数据导出为 CSV…</translation>
    </message>
    <message>
        <source>Data as JSON…</source>
        <translation>数据导出为 JSON…</translation>
    </message>
    <message>
        <source>%v of %m points</source>
        <translation>%m 个点中的 %v 个</translation>
    </message>
    <message>
        <source>Apply best</source>
        <translation>应用最佳配置</translation>
    </message>
    <message>
        <source>Set the launch controls and the slider to the fastest configuration Auto-tune found</source>
        <translation>把启动控件和滑块设为自动调优找到的最快配置</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>对数坐标</translation>
    </message>
    <message>
        <source>A logarithmic GB/s axis, for points that differ by decades</source>
        <translation>对数 GB/s 坐标轴，适合相差几个数量级的点</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::PresentationMode</name>
    <message>
        <source>Presentation mode: F11 to leave</source>
        <translation>演示模式：按 F11 退出</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ResultsModel</name>
    <message>
        <source>Value</source>
        <translation>结果值</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>% ceiling</source>
        <translation>占上限 %</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>时间 (ms)</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>收尾</translation>
    </message>
    <message>
        <source>Per item</source>
        <translation>每项元素</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>工作组</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>本地大小</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>运算</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>reference %1, %2</source>
        <translation>参考值 %1，%2</translation>
    </message>
    <message>
        <source>✔ yes</source>
        <translation>✔ 是</translation>
    </message>
    <message>
        <source>✖ NO</source>
        <translation>✖ 否</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ResultsPanel</name>
    <message>
        <source>&lt;b&gt;Results&lt;/b&gt;</source>
        <translation>&lt;b&gt;结果&lt;/b&gt;</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Every measurement of this session: runs, sweeps, tuning and opened files</source>
        <translation>本次会话的所有测量：运行、扫描、调优和打开的文件</translation>
    </message>
    <message>
        <source>Export the table as CSV</source>
        <translation>把表格导出为 CSV</translation>
    </message>
    <message>
        <source>Export the table as a results JSON (opens again in ReduceLab)</source>
        <translation>把表格导出为结果 JSON（可在 ReduceLab 中再次打开）</translation>
    </message>
    <message>
        <source>JSON…</source>
        <translation>JSON…</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::RunSummary</name>
    <message>
        <source> %1 s</source>
        <translation> %1 秒</translation>
    </message>
    <message>
        <source>uint32 (0 or 1)</source>
        <translation>uint32（0 或 1）</translation>
    </message>
    <message>
        <source>%1 (wraps at %2 bits)</source>
        <translation>%1（在 %2 位处回绕）</translation>
    </message>
    <message>
        <source>%1 sum exact in 128 bits (32-bit halves summed apart in uint64)</source>
        <translation>%1 的和在 128 位内精确（32 位的两半分别在 uint64 中求和）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; = &lt;span style=&apos;font-size:120%&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/span&gt;&lt;br&gt;%3 against the CPU reference %4%5&lt;br&gt;&lt;b&gt;%6 ms&lt;/b&gt; · &lt;b&gt;%7&lt;/b&gt;&lt;br&gt;&lt;small&gt;%8 of n = %9 %10 · accumulator %11&lt;br&gt;local %12 · %13 work-groups · %14 per work-item · finish %15 · %16 launch(es)&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; = &lt;span style=&apos;font-size:120%&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/span&gt;&lt;br&gt;%3，CPU 参考值 %4%5&lt;br&gt;&lt;b&gt;%6 ms&lt;/b&gt; · &lt;b&gt;%7&lt;/b&gt;&lt;br&gt;&lt;small&gt;%8，n = %9 个 %10 · 累加器 %11&lt;br&gt;本地大小 %12 · %13 个工作组 · 每个工作项 %14 个 · 收尾 %15 · %16 次启动&lt;/small&gt;</translation>
    </message>
    <message>
        <source> (%1% of the %2 GB/s ceiling)</source>
        <translation>（%2 GB/s 上限的 %1%）</translation>
    </message>
    <message>
        <source>, |error| %1 (bound %2)</source>
        <translation>，|误差| %1（上界 %2）</translation>
    </message>
    <message>
        <source>✖ MISMATCH</source>
        <translation>✖ 不一致</translation>
    </message>
    <message>
        <source>✔ verified</source>
        <translation>✔ 已验证</translation>
    </message>
    <message>
        <source> at index %1</source>
        <translation>，位于下标 %1</translation>
    </message>
    <message>
        <source>Press &lt;b&gt;Run&lt;/b&gt; (Ctrl+R) to run, verify and time the reduction.</source>
        <translation>按&lt;b&gt;运行&lt;/b&gt;（Ctrl+R）来运行、验证并计时规约。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::SplitResultsView</name>
    <message>
        <source>Predicted ms</source>
        <translation>预测 ms</translation>
    </message>
    <message>
        <source>Predicted %1 ms, measured %2 ms (%3).</source>
        <translation>预测 %1 ms，实测 %2 ms（%3）。</translation>
    </message>
    <message>
        <source>with the upload</source>
        <translation>含上传</translation>
    </message>
    <message>
        <source>data resident</source>
        <translation>数据已在设备上</translation>
    </message>
    <message>
        <source>The fastest device alone, %1, is predicted at %2 ms.</source>
        <translation>单独最快的设备 %1 预测为 %2 ms。</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Shares and timings</source>
        <translation>份额与计时</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Share %</source>
        <translation>份额 %</translation>
    </message>
    <message>
        <source>Upload ms</source>
        <translation>上传 ms</translation>
    </message>
    <message>
        <source>Run ms</source>
        <translation>运行 ms</translation>
    </message>
    <message>
        <source>Kernel ms</source>
        <translation>内核 ms</translation>
    </message>
    <message>
        <source>Resident GB/s</source>
        <translation>数据常驻 GB/s</translation>
    </message>
    <message>
        <source>End-to-end GB/s</source>
        <translation>端到端 GB/s</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>The tree, level by level, measured in this run</source>
        <translation>规约树的各层，本次运行实测</translation>
    </message>
    <message>
        <source>Next level, nodes: mpirun -n P reducelab-cli run --mpi reduces one shard per rank and combines the partials with MPI_Reduce. This window does not measure it; docs/scaling.md models that level.</source>
        <translation>再上一层是节点：mpirun -n P reducelab-cli run --mpi 让每个 rank 规约一个分片，再用 MPI_Reduce 合并部分和。本窗口不测量这一层；docs/scaling.md 对它建立了模型。</translation>
    </message>
    <message>
        <source>Each level reduces what the level below left. Splitting divides the main kernel&apos;s time among the devices, but every device still pays its launch and its finish, and the host adds a combine: below some n these fixed costs are larger than the time saved. End to end, every shard must first be uploaded; where the link to a device (PCIe for a GPU) is slower than its memory, the upload outweighs the kernel and the split pays only where the time a device saves is more than the time it takes to move its share. Compare the resident and end-to-end totals at several n to find the crossover on this machine.</source>
        <translation>每一层规约下一层留下的结果。拆分把主内核的时间分给多个设备，但每个设备仍要付出自己的启动和收尾开销，主机还要再合并一次：n 小于某个值时，这些固定开销比节省的时间还多。端到端来看，每个分片都必须先上传；当通往设备的链路（GPU 的 PCIe）比设备内存慢时，上传比内核更耗时，只有当设备节省的时间多于搬运其份额的时间时，拆分才划算。在几个不同的 n 下比较数据常驻与端到端的总时间，就能找到本机上的交叉点。</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Total (resident; combine %1 ms)</source>
        <translation>合计（数据常驻；合并 %1 ms）</translation>
    </message>
    <message>
        <source>Data resident on the devices: %1 ms (%2 GB/s). With the upload: %3 ms (%4 GB/s). Host combine: %5 ms. Value %6; reference of the whole input %7: %8 (%9).</source>
        <translation>数据常驻在设备上：%1 ms（%2 GB/s）。含上传：%3 ms（%4 GB/s）。主机合并：%5 ms。结果 %6；整个输入的参考值 %7：%8（%9）。</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已验证</translation>
    </message>
    <message>
        <source>NOT verified</source>
        <translation>未通过验证</translation>
    </message>
    <message>
        <source>Main kernel: work-items, work-groups</source>
        <translation>主内核：工作项、工作组</translation>
    </message>
    <message>
        <source>Device: its work-groups&apos; partials</source>
        <translation>设备：其各工作组的部分和</translation>
    </message>
    <message>
        <source>Upload of each shard</source>
        <translation>每个分片的上传</translation>
    </message>
    <message>
        <source>Host: one partial per device</source>
        <translation>主机：每个设备一个部分和</translation>
    </message>
    <message>
        <source>main
kernel</source>
        <translation>主
内核</translation>
    </message>
    <message>
        <source>device
finish</source>
        <translation>设备
收尾</translation>
    </message>
    <message>
        <source>upload</source>
        <translation>上传</translation>
    </message>
    <message>
        <source>host
combine</source>
        <translation>主机
合并</translation>
    </message>
    <message>
        <source>Profiling events of the main kernel. The work-items&apos; loops and the work-groups&apos; local-memory trees run inside this one kernel and cannot be timed apart.</source>
        <translation>主内核的 profiling 事件。工作项的循环和工作组在本地内存中的规约树都在这一个内核里运行，无法分开计时。</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>设备 %1</translation>
    </message>
    <message>
        <source>Finish kernel passes, or reading the partials and folding them on the host.</source>
        <translation>收尾内核的各遍，或者读回部分和并在主机上合并。</translation>
    </message>
    <message>
        <source>On %1 the partials are combined inside the main kernel (atomics or the last work-group): not timed apart, included in the level above.</source>
        <translation>在 %1 上，部分和在主内核内部合并（原子操作或最后一个工作组）：无法分开计时，已计入上一层。</translation>
    </message>
    <message>
        <source>Host-to-device copy of each shard, by profiling events (the median of the timed repeats); only the end-to-end total pays it.</source>
        <translation>每个分片从主机到设备的复制，按 profiling 事件计时（计时重复的中位数）；只有端到端的总时间包含它。</translation>
    </message>
    <message>
        <source>The host&apos;s combine of the devices&apos; partials, by the wall clock.</source>
        <translation>主机合并各设备的部分和，按挂钟时间计时。</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>device %1, ms</source>
        <translation>设备 %1，ms</translation>
    </message>
    <message>
        <source>This run, ms</source>
        <translation>本次运行，ms</translation>
    </message>
    <message>
        <source>not timed apart</source>
        <translation>未单独计时</translation>
    </message>
    <message>
        <source>ms (log)</source>
        <translation>ms（对数）</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>From cache: %1 reduced its shard (%2) at %3 GB/s, above %4 (%5 GB/s): the shard sat in the device&apos;s cache, so this is not memory bandwidth.</source>
        <translation>来自缓存：%1 以 %3 GB/s 归约了它的分片（%2），高于%4（%5 GB/s）：该分片位于设备的缓存中，因此这不是内存带宽。</translation>
    </message>
    <message>
        <source>the read ceiling measured on it</source>
        <translation>在该设备上测得的读取上限</translation>
    </message>
    <message>
        <source>its rate from memory</source>
        <translation>它从内存读取的速率</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::SplitWindow</name>
    <message>
        <source>Split across devices</source>
        <translation>跨设备拆分</translation>
    </message>
    <message>
        <source>balanced</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>even</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Balanced measures each device alone at two or more sizes, fits a fixed cost and a rate, and gives the shares equal predicted finish times, leaving out a device that does not pay; force keeps every device; end-to-end counts each shard&apos;s upload; even gives every device n / devices, so the slowest sets the time.</source>
        <translation>均衡：先让每个设备在两种以上规模上单独运行，拟合固定开销与速率，再按预测完成时间相同来分配份额，不划算的设备被排除；强制：保留每个设备；端到端：计入每个分片的上传；平均：每个设备分到 n / 设备数，因此由最慢的设备决定总时间。</translation>
    </message>
    <message>
        <source>force</source>
        <translation>强制</translation>
    </message>
    <message>
        <source>end-to-end</source>
        <translation>端到端</translation>
    </message>
    <message>
        <source>best: each device its own tuned configuration. A variant that finishes on the host or in a second kernel shows the device level apart from the main kernel.</source>
        <translation>best：每个设备使用各自调优的配置。在主机上或用第二个内核收尾的变体，会把设备这一层与主内核分开显示。</translation>
    </message>
    <message>
        <source>Elements to reduce: type a number, 2^20, 2^20+7, 16Mi or 1M</source>
        <translation>要规约的元素个数：可输入数字、2^20、2^20+7、16Mi 或 1M</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>拆分方式</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>运算</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Timed repeats</source>
        <translation>计时重复次数</translation>
    </message>
    <message>
        <source>Run split</source>
        <translation>运行拆分</translation>
    </message>
    <message>
        <source>No OpenCL device is available.</source>
        <translation>没有可用的 OpenCL 设备。</translation>
    </message>
    <message>
        <source>Only one OpenCL device is available: the split runs on it alone. PoCL gives two CPU devices with POCL_DEVICES=&quot;pthread pthread&quot; set before ReduceLab starts.</source>
        <translation>只有一个可用的 OpenCL 设备：拆分只会在它上面运行。在启动 ReduceLab 之前设置 POCL_DEVICES=&quot;pthread pthread&quot;，PoCL 就会提供两个 CPU 设备。</translation>
    </message>
    <message>
        <source>no OpenCL device to run on</source>
        <translation>没有可运行的 OpenCL 设备</translation>
    </message>
    <message>
        <source>check at least one device</source>
        <translation>请至少勾选一个设备</translation>
    </message>
    <message>
        <source>elements: %1</source>
        <translation>元素数：%1</translation>
    </message>
    <message>
        <source>at least 1</source>
        <translation>至少为 1</translation>
    </message>
    <message>
        <source>the exact mean of %1 sums 32-bit halves in two passes and is not split over devices; run it on one device, or split its sum</source>
        <translation>%1 的精确平均值分两遍对 32 位的高低两半求和，不能跨设备拆分；请在单个设备上运行，或者拆分它的求和</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message numerus="yes">
        <source>Done: verified, split over %n device(s).</source>
        <translation>
            <numerusform>完成：已验证，拆分到 %n 个设备。</numerusform>
        </translation>
    </message>
    <message>
        <source>Done, but the result does NOT match the reference of the whole input.</source>
        <translation>完成，但结果与整个输入的参考值不一致。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::StepCanvas</name>
    <message>
        <source>Press Trace (Ctrl+T) to read a work-group&apos;s local memory after every round.</source>
        <translation>按“跟踪”（Ctrl+T）读取一个工作组在每一轮之后的本地内存。</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>载入后</translation>
    </message>
    <message>
        <source>round %1 · s=%2</source>
        <translation>第 %1 轮 · s=%2</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>Local memory right after the load phase</source>
        <translation>载入阶段刚结束时的本地内存</translation>
    </message>
    <message>
        <source>Round %1, stride %2: %3 active work-items, %4 of %5 warps active, %6 divergent, %7 bank conflict(s)</source>
        <translation>第 %1 轮，步长 %2：%3 个活跃工作项，%5 个 warp 中有 %4 个活跃，%6 个发散，%7 次 bank 冲突</translation>
    </message>
    <message>
        <source>local[%1 … %2]: %3 cells nobody touches in round %4 (folded; zoom in or turn off folding to see them)</source>
        <translation>local[%1 … %2]：第 %4 轮中无人访问的 %3 个单元（已折叠；放大或关闭折叠即可看到）</translation>
    </message>
    <message>
        <source>banks %1–%2</source>
        <translation>bank %1–%2</translation>
    </message>
    <message>
        <source>bank %1</source>
        <translation>bank %1</translation>
    </message>
    <message>
        <source>local[%1] = %2
%3 (%4-byte cells, %5 banks × %6 bytes)</source>
        <translation>local[%1] = %2
%3（单元 %4 字节，%5 个 bank × %6 字节）</translation>
    </message>
    <message>
        <source>
after the load</source>
        <translation>
载入之后</translation>
    </message>
    <message>
        <source>
after round %1</source>
        <translation>
第 %1 轮之后</translation>
    </message>
    <message>
        <source>
written by work-item %1: local[%2] ⊕ local[%3]</source>
        <translation>
由工作项 %1 写入：local[%2] ⊕ local[%3]</translation>
    </message>
    <message>
        <source>
read in round %1 by work-item %2</source>
        <translation>
第 %1 轮中被工作项 %2 读取</translation>
    </message>
    <message>
        <source>work-item %1 (warp %2, lane %3): %4 in round %5</source>
        <translation>工作项 %1（warp %2，通道 %3）：第 %5 轮中%4</translation>
    </message>
    <message>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>
local[%1] ⊕ local[%2] → local[%3]</source>
        <translation>
local[%1] ⊕ local[%2] → local[%3]</translation>
    </message>
    <message>
        <source>
warp %1 is divergent: %2 of %3 lanes active</source>
        <translation>
warp %1 发散：%3 个通道中有 %2 个活跃</translation>
    </message>
    <message>
        <source>
warp %1: %2 of %3 lanes active</source>
        <translation>
warp %1：%3 个通道中有 %2 个活跃</translation>
    </message>
    <message>
        <source>
bank conflict (%1): bank %2, %3-way</source>
        <translation>
bank 冲突（%1）：bank %2，%3 路</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::StepLens</name>
    <message>
        <source>The lens: these cells magnified. Drag, scroll or press Shift+Left/Right to move it, or click a cell in the overview above.</source>
        <translation>放大镜：放大显示这些单元格。拖动、滚动或按 Shift+←/→ 移动它，也可以点击上方总览中的某个单元格。</translation>
    </message>
    <message>
        <source>follow</source>
        <translation>跟随</translation>
    </message>
    <message>
        <source>Keep the lens on the active work-items of each round</source>
        <translation>让放大镜始终停在每一轮的活跃工作项上</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>载入后</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::StepView</name>
    <message>
        <source>Trace A and B</source>
        <translation>跟踪 A 和 B</translation>
    </message>
    <message>
        <source>Run the instrumented kernels and read local memory back after every round (Ctrl+T)</source>
        <translation>运行插桩内核，并在每一轮之后读回本地内存（Ctrl+T）</translation>
    </message>
    <message>
        <source>ramp 1, 2, 3…</source>
        <translation>递增 1, 2, 3…</translation>
    </message>
    <message>
        <source>random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>ones</source>
        <translation>全 1</translation>
    </message>
    <message>
        <source>Lanes per warp (sub-group) for the analysis. Real GPUs use 32 or 64; 4 and 8 show warps retiring in a small work-group.</source>
        <translation>分析所用的每个 warp（子组）的通道数。真实 GPU 使用 32 或 64；4 和 8 可以在小工作组中看到 warp 退出。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <source>stacked</source>
        <translation>上下堆叠</translation>
    </message>
    <message>
        <source>local size</source>
        <translation>本地大小</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>warp</source>
        <translation>warp</translation>
    </message>
    <message>
        <source>panels</source>
        <translation>面板</translation>
    </message>
    <message>
        <source>fold idle cells</source>
        <translation>折叠空闲单元</translation>
    </message>
    <message>
        <source>When cells get too narrow, runs of cells nobody touches this round shrink to a hatched strip</source>
        <translation>单元过窄时，本轮无人访问的连续单元会缩成一条斜线带</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+-)</source>
        <translation>缩小（Ctrl+-）</translation>
    </message>
    <message>
        <source>Whole work-group (Ctrl+0)</source>
        <translation>整个工作组（Ctrl+0）</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl++); Ctrl+wheel zooms at the mouse, drag pans</source>
        <translation>放大（Ctrl++）；Ctrl+滚轮在鼠标处缩放，拖动可平移</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Current round as PNG…</source>
        <translation>当前轮导出为 PNG…</translation>
    </message>
    <message>
        <source>Animation as PNG sequence…</source>
        <translation>动画导出为 PNG 序列…</translation>
    </message>
    <message>
        <source>First: right after the load (Home)</source>
        <translation>开头：载入刚完成时（Home）</translation>
    </message>
    <message>
        <source>Back one round (Left)</source>
        <translation>后退一轮（←）</translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation>播放 / 暂停（空格）</translation>
    </message>
    <message>
        <source>Forward one round (Right)</source>
        <translation>前进一轮（→）</translation>
    </message>
    <message>
        <source>Last round (End)</source>
        <translation>最后一轮（End）</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>动画速度</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Tracing %1 on the device…</source>
        <translation>正在设备上跟踪 %1…</translation>
    </message>
    <message>
        <source>no trace</source>
        <translation>没有跟踪</translation>
    </message>
    <message>
        <source>loaded · %1 rounds</source>
        <translation>载入后 · 共 %1 轮</translation>
    </message>
    <message>
        <source>round %1 of %2</source>
        <translation>第 %1 轮（共 %2 轮）</translation>
    </message>
    <message>
        <source>&lt;b&gt;loaded&lt;/b&gt; · %1 work-items · %2 warps of %3</source>
        <translation>&lt;b&gt;载入后&lt;/b&gt; · %1 个工作项 · %2 个 warp，每个 %3 通道</translation>
    </message>
    <message>
        <source>&lt;b&gt;round %1 of %2&lt;/b&gt; · stride %3 · ● active &lt;b&gt;%4&lt;/b&gt; / %5 · warps active %6 / %7 · ▨ divergent &lt;b&gt;%8&lt;/b&gt; · ◆ conflicts &lt;b&gt;%9&lt;/b&gt;%10</source>
        <translation>&lt;b&gt;第 %1 轮（共 %2 轮）&lt;/b&gt; · 步长 %3 · ● 活跃 &lt;b&gt;%4&lt;/b&gt; / %5 · 活跃 warp %6 / %7 · ▨ 发散 &lt;b&gt;%8&lt;/b&gt; · ◆ 冲突 &lt;b&gt;%9&lt;/b&gt;%10</translation>
    </message>
    <message>
        <source> (%1-way)</source>
        <translation>（%1 路）</translation>
    </message>
    <message>
        <source>so far: &lt;b&gt;%1&lt;/b&gt; divergent warp-rounds · &lt;b&gt;%2&lt;/b&gt; bank conflicts · %3 work-item steps</source>
        <translation>累计：&lt;b&gt;%1&lt;/b&gt; 个发散的 warp 轮次 · &lt;b&gt;%2&lt;/b&gt; 次 bank 冲突 · %3 个工作项步</translation>
    </message>
    <message>
        <source>&lt;br&gt;partial &lt;b&gt;%1&lt;/b&gt; = the uninstrumented kernel&apos;s ✔</source>
        <translation>&lt;br&gt;部分和 &lt;b&gt;%1&lt;/b&gt; = 未插桩内核的结果 ✔</translation>
    </message>
    <message>
        <source>&lt;br&gt;partial &lt;b&gt;%1&lt;/b&gt; ≠ the uninstrumented kernel&apos;s %2 ✖</source>
        <translation>&lt;br&gt;部分和 &lt;b&gt;%1&lt;/b&gt; ≠ 未插桩内核的 %2 ✖</translation>
    </message>
    <message>
        <source>%1 active work-item &amp;nbsp; %2 idle &amp;nbsp; → read / write &amp;nbsp; %3 divergent warp (hatched band) &amp;nbsp; %4 bank conflict (diamond, dashed arrow, n×) &amp;nbsp; %5 written this round &amp;nbsp; %6 the work-group&apos;s result</source>
        <translation>%1 活跃工作项 &amp;nbsp; %2 空闲 &amp;nbsp; → 读 / 写 &amp;nbsp; %3 发散的 warp（斜线带）&amp;nbsp; %4 bank 冲突（菱形、虚线箭头、n×）&amp;nbsp; %5 本轮写入 &amp;nbsp; %6 工作组的结果</translation>
    </message>
    <message>
        <source>Replay to take home (HTML, GIF) or session…</source>
        <translation>带回家的回放（HTML、GIF）或会话…</translation>
    </message>
    <message>
        <source>The session holds one trace.</source>
        <translation>该会话只包含一个跟踪。</translation>
    </message>
    <message>
        <source>Opened session %1: %2 trace(s) by %3</source>
        <translation>已打开会话 %1：%2 个跟踪，由 %3 写入</translation>
    </message>
    <message>
        <source>Panels side by side or one above the other (auto: one above the other only when both panels still get rows tall enough to read)</source>
        <translation>面板并排或上下排列（自动：只有两个面板的行仍高到足以看清时才上下排列）</translation>
    </message>
    <message>
        <source>Trace again</source>
        <translation>重新跟踪</translation>
    </message>
    <message>
        <source>Traced at local size %1; the view is set to %2 — press Trace again to see %2.</source>
        <translation>跟踪时的本地大小为 %1；视图现设为 %2——按“重新跟踪”查看 %2。</translation>
    </message>
    <message>
        <source>Traced with warps of %1; the view is set to %2 — press Trace again.</source>
        <translation>跟踪时 warp 宽度为 %1；视图现设为 %2——请按“重新跟踪”。</translation>
    </message>
    <message>
        <source>Traced with another input — press Trace again to see this one.</source>
        <translation>跟踪时用的是另一个输入——按“重新跟踪”查看当前输入。</translation>
    </message>
    <message>
        <source>The variants changed since this trace — press Trace again to see them.</source>
        <translation>自这次跟踪以来变体已更改——按“重新跟踪”查看新的变体。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::SweepController</name>
    <message>
        <source> (%1% of the ceiling)</source>
        <translation>（上限的 %1%）</translation>
    </message>
    <message>
        <source> · %1 failed</source>
        <translation> · %1 个失败</translation>
    </message>
    <message>
        <source> · best: local %1</source>
        <translation> · 最佳：本地大小 %1</translation>
    </message>
    <message>
        <source> × %1 per work-item</source>
        <translation> × 每个工作项 %1 个</translation>
    </message>
    <message>
        <source> ✖ not verified</source>
        <translation> ✖ 未通过验证</translation>
    </message>
    <message>
        <source>%1 cancelled after %2 of %3 points</source>
        <translation>%1 在完成 %3 个点中的 %2 个后取消</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>%1 point(s) of the sweep could not run. First: %2</source>
        <translation>扫描中有 %1 个点无法运行。第一个：%2</translation>
    </message>
    <message>
        <source>%1: %2 point(s) measured</source>
        <translation>%1：已测量 %2 个点</translation>
    </message>
    <message>
        <source>, %1 GB/s</source>
        <translation>，%1 GB/s</translation>
    </message>
    <message>
        <source>GB/s against input size — %1</source>
        <translation>GB/s 与输入规模 — %1</translation>
    </message>
    <message>
        <source>GB/s against local size — %1</source>
        <translation>GB/s 与本地大小 — %1</translation>
    </message>
    <message>
        <source>Not on this ladder: %1</source>
        <translation>不在本阶梯上：%1</translation>
    </message>
    <message>
        <source>Optimization ladder — %1</source>
        <translation>优化阶梯 — %1</translation>
    </message>
    <message>
        <source>auto-tune, %1, n = %2</source>
        <translation>自动调优，%1，n = %2</translation>
    </message>
    <message>
        <source>ladder, %1 %2, n = %3</source>
        <translation>优化阶梯，%1 %2，n = %3</translation>
    </message>
    <message>
        <source>local %1</source>
        <translation>本地大小 %1</translation>
    </message>
    <message>
        <source>local %1: %2 GB/s</source>
        <translation>本地大小 %1：%2 GB/s</translation>
    </message>
    <message>
        <source>local-size sweep, n = %1</source>
        <translation>本地大小扫描，n = %1</translation>
    </message>
    <message>
        <source>measuring local %1…</source>
        <translation>正在测量本地大小 %1…</translation>
    </message>
    <message>
        <source>n sweep, 2^%1 … 2^%2</source>
        <translation>n 扫描，2^%1 … 2^%2</translation>
    </message>
    <message>
        <source>nothing to measure for %1 on this device</source>
        <translation>本设备上没有可供 %1 测量的内容</translation>
    </message>
    <message>
        <source>tuning</source>
        <translation>调优</translation>
    </message>
    <message>
        <source>✖ %1</source>
        <translation>✖ %1</translation>
    </message>
    <message>
        <source>Applied the best configuration: local %1</source>
        <translation>已应用最佳配置：本地大小 %1</translation>
    </message>
    <message>
        <source> · from cache</source>
        <translation> · 来自缓存</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ThroughputChart</name>
    <message>
        <source>read ceiling (best&apos;s own reads)</source>
        <translation>读取带宽上限（best 自身的读取）</translation>
    </message>
    <message>
        <source>local size (work-items per work-group)</source>
        <translation>本地大小（每个工作组的工作项数）</translation>
    </message>
    <message>
        <source>n (elements, log₂ scale)</source>
        <translation>n（元素数，log₂ 坐标）</translation>
    </message>
    <message>
        <source>GB/s (input bytes ÷ time)</source>
        <translation>GB/s（输入字节数 ÷ 时间）</translation>
    </message>
    <message>
        <source> × %1 per work-item</source>
        <translation> × 每个工作项 %1 个</translation>
    </message>
    <message>
        <source>best: local %1</source>
        <translation>最佳：本地大小 %1</translation>
    </message>
    <message>
        <source>%1 · %2 %3 · n = %4 · local %5</source>
        <translation>%1 · %2 %3 · n = %4 · 本地大小 %5</translation>
    </message>
    <message>
        <source> · %1 per work-item</source>
        <translation> · 每个工作项 %1 个</translation>
    </message>
    <message>
        <source>
%1 GB/s</source>
        <translation>
%1 GB/s</translation>
    </message>
    <message>
        <source> = %1 of the copy ceiling (%2 GB/s)</source>
        <translation> = 复制带宽上限（%2 GB/s）的 %1</translation>
    </message>
    <message>
        <source>, %1 of read-only</source>
        <translation>，只读上限的 %1</translation>
    </message>
    <message>
        <source>
%1 ms (median of %2) · %3</source>
        <translation>
%1 ms（%2 次的中位数）· %3</translation>
    </message>
    <message>
        <source>✔ verified</source>
        <translation>✔ 已验证</translation>
    </message>
    <message>
        <source>✖ NOT verified</source>
        <translation>✖ 未通过验证</translation>
    </message>
    <message>
        <source>from cache: above the measured memory ceiling</source>
        <translation>来自缓存：高于实测的内存带宽上限</translation>
    </message>
    <message>
        <source>▲ %1, above the scale</source>
        <translation>▲ %1，超出坐标范围</translation>
    </message>
    <message>
        <source>copy ceiling</source>
        <translation>复制带宽上限</translation>
    </message>
    <message>
        <source>read-only ceiling</source>
        <translation>只读带宽上限</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ToolWindow</name>
    <message>
        <source>No OpenCL device: %1</source>
        <translation>没有 OpenCL 设备：%1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::WindowExports</name>
    <message>
        <source>%1 written to %2</source>
        <translation>%1 已写入 %2</translation>
    </message>
    <message>
        <source>%1: choose a .csv or .json file</source>
        <translation>%1：请选择 .csv 或 .json 文件</translation>
    </message>
    <message>
        <source>%1: choose a .png, .svg or .pdf file</source>
        <translation>%1：请选择 .png、.svg 或 .pdf 文件</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Chart copied to the clipboard</source>
        <translation>图表已复制到剪贴板</translation>
    </message>
    <message>
        <source>Chart data</source>
        <translation>图表数据</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>导出图表数据</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>导出结果</translation>
    </message>
    <message>
        <source>Export the current round</source>
        <translation>导出当前轮</translation>
    </message>
    <message>
        <source>Folder for the PNG sequence</source>
        <translation>PNG 序列的文件夹</translation>
    </message>
    <message>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Results JSON (*.json)</source>
        <translation>结果 JSON (*.json)</translation>
    </message>
    <message>
        <source>Step animation</source>
        <translation>单步动画</translation>
    </message>
    <message>
        <source>Step round</source>
        <translation>单步轮次</translation>
    </message>
    <message>
        <source>could not write the PNG sequence to %1</source>
        <translation>无法把 PNG 序列写入 %1</translation>
    </message>
    <message>
        <source>there is no trace to export: press Trace first</source>
        <translation>没有可导出的跟踪：请先点击“跟踪”</translation>
    </message>
    <message>
        <source>Step replay</source>
        <translation>单步回放</translation>
    </message>
    <message>
        <source>Export step replay</source>
        <translation>导出单步回放</translation>
    </message>
    <message>
        <source>HTML replay (*.html);;Animated GIF (*.gif);;ReduceLab session (*.reducelab)</source>
        <translation>HTML 回放 (*.html);;GIF 动画 (*.gif);;ReduceLab 会话 (*.reducelab)</translation>
    </message>
    <message>
        <source>%1 is not a chart format (PNG, SVG or PDF). Save the chart as %2?</source>
        <translation>%1 不是图表格式（PNG、SVG 或 PDF）。将图表保存为 %2？</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要替换它吗？</translation>
    </message>
</context>
</TS>
