<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>Catalog</name>
    <message>
        <source>On this GPU work-groups start in no guaranteed order, so any result added before work-group 0 zeroes the destination is lost: the sum may be right or too small from one run to the next.</source>
        <translation>在這塊 GPU 上，工作組的啟動順序沒有保證，所以在 0 號工作組清零目標之前加進去的結果都會遺失：每次執行的和可能正確，也可能偏小。</translation>
    </message>
    <message>
        <source>On this GPU the result depends on how it groups work-items: where the last 32 work-items run as one hardware wave in lockstep (AMD&apos;s wavefronts of 64) the sum usually comes out right; where sub-groups are narrower (Intel&apos;s 8 or 16) the tail reads values not yet written and the sum is wrong. Either way it is a data race; use unroll-last.</source>
        <translation>在這塊 GPU 上，結果取決於它如何把工作項分組：最後 32 個工作項作為一個硬體波前步調一致地執行時（AMD 的 64 寬波前），和通常是對的；子組更窄時（Intel 的 8 或 16），收尾會讀到尚未寫入的值，和就錯了。無論哪種情況，這都是資料競爭；請用 unroll-last。</translation>
    </message>
    <message>
        <source>On this CPU device the work-groups run on several threads in no fixed order, so whether work-group 0 zeroes the destination first changes from run to run: the sum is sometimes right and sometimes too small.</source>
        <translation>在這個 CPU 裝置上，各工作組在多個執行緒上以不固定的順序執行，所以 0 號工作組是否先把目標清零每次執行都不同：和有時正確，有時偏小。</translation>
    </message>
    <message>
        <source>On this CPU device it gives the wrong sum: the work-items of a region between barriers run one after the other in a loop, so work-item 0 finishes its whole tail before its neighbours write their values (256 ones per work-group sum to 28 on PoCL). There are no warps in lockstep here at all.</source>
        <translation>在這個 CPU 裝置上它得出錯誤的和：兩個屏障之間的一段程式碼裡，各工作項在一個迴圈中依次執行，所以 0 號工作項在相鄰工作項寫入之前就做完了整個收尾（在 PoCL 上，每個工作組 256 個 1 的和是 28）。這裡根本沒有步調一致的 warp。</translation>
    </message>
    <message>
        <source>On this NVIDIA GPU it often gives the right sum: work-groups are dispatched roughly in index order, so work-group 0 usually zeroes the destination before the others add. Nothing guarantees that order: with more work-groups than fit on the GPU at once, or another kernel sharing it, a group that adds first is wiped out.</source>
        <translation>在這塊 NVIDIA GPU 上它常常得出正確的和：工作組大致按編號順序分派，所以 0 號工作組通常在其他工作組累加之前把目標清零。但沒有任何東西保證這個順序：工作組多到 GPU 一次容納不下，或有別的核心同時佔用 GPU 時，先累加的工作組的結果就會被抹掉。</translation>
    </message>
    <message>
        <source>On this NVIDIA GPU it usually gives the right sum: the last 32 work-items are one warp, and for this short tail the warp&apos;s lanes load and store in step, so each read finds its neighbour&apos;s value already written. That is luck, not a guarantee: it is still a data race, the compiler may keep a value in a register or reorder the accesses, and independent thread scheduling (Volta and later) lets a warp&apos;s lanes drift apart. A right answer here proves nothing; use unroll-last.</source>
        <translation>在這塊 NVIDIA GPU 上它通常得出正確的和：最後 32 個工作項是同一個 warp，對這段短短的收尾，warp 的各通道步調一致地讀寫，所以每次讀取時相鄰通道的值已經寫好。這是運氣，不是保證：它仍然是資料競爭，編譯器可以把值留在暫存器裡或重排存取，獨立執行緒排程（Volta 及以後）也會讓同一 warp 的通道各走各的。在這裡得到正確答案什麼也證明不了；請用 unroll-last。</translation>
    </message>
    <message>
        <source>naive tree: interleaved addressing, divergent `tid % (2*s) == 0` test</source>
        <translation>樸素樹形規約：交錯尋址，帶有會造成分支發散的 `tid % (2*s) == 0` 判斷</translation>
    </message>
    <message>
        <source>Each work-item loads one element into local memory; then, for s = 1, 2, 4, ..., work-item tid adds scratch[tid + s] into scratch[tid] when tid % (2*s) == 0. Only every (2s)-th work-item works, so the active lanes are spread across every warp: all warps stay busy while most of their lanes idle (divergence), and the modulo is expensive. The starting point of the optimization ladder.</source>
        <translation>每個工作項把一個元素載入本地記憶體；然後對 s = 1, 2, 4, ...，當 tid % (2*s) == 0 時，工作項 tid 把 scratch[tid + s] 加到 scratch[tid] 上。只有每第 2s 個工作項在幹活，活躍通道分散在所有 warp 中：所有 warp 都保持忙碌，而其中大多數通道卻在空閒（分支發散），取模運算也很昂貴。這是最佳化階梯的起點。</translation>
    </message>
    <message>
        <source>interleaved addressing with index = 2*s*tid: no divergence, but bank conflicts</source>
        <translation>下標為 2*s*tid 的交錯尋址：沒有分支發散，但有 bank 衝突</translation>
    </message>
    <message>
        <source>The same pairs as the naive tree, but work-item tid handles the pair at index 2*s*tid, so the active work-items are the first ones: whole warps work or idle together (no divergence, no modulo). The price moves to local memory: in round s neighbouring lanes access addresses 2s apart, which fall into the same banks, so a warp&apos;s accesses are serialised 2-, 4-, 8-way... (bank conflicts). Sequential addressing removes them. No divergence and no modulo any more, but the conflicts remain.</source>
        <translation>配對方式與樸素樹形規約相同，但工作項 tid 處理下標 2*s*tid 處的一對，因此活躍的是最前面的工作項：整個 warp 一起幹活或一起空閒（沒有分支發散，也沒有取模）。代價轉移到了本地記憶體：在第 s 輪，相鄰通道訪問的地址相距 2s，落在同一批 bank 上，於是一個 warp 的訪問被序列化為 2 路、4 路、8 路……（bank 衝突）。連續尋址可以消除這些衝突。沒有分支發散和取模，但衝突仍在。</translation>
    </message>
    <message>
        <source>sequential (contiguous) addressing: packed active work-items, no bank conflicts</source>
        <translation>連續尋址：活躍工作項緊挨在一起，沒有 bank 衝突</translation>
    </message>
    <message>
        <source>The stride starts at half the local size and halves every round; work-item tid adds scratch[tid + s] into scratch[tid] while tid &lt; s. Active work-items stay packed at the left, so whole warps retire instead of diverging, and the consecutive addresses of a warp fall in different banks (no conflicts). Half the work-items already idle in the first round, which the first-add step removes. The bank conflicts are gone.</source>
        <translation>步長從本地大小的一半開始，每輪減半；當 tid &lt; s 時，工作項 tid 把 scratch[tid + s] 加到 scratch[tid] 上。活躍工作項始終緊挨在左側，因此是整個 warp 退出而不是發散，一個 warp 的連續地址落在不同的 bank 上（沒有衝突）。第一輪就有一半工作項空閒，下一步“載入時先加”會消除這一點。bank 衝突消失了。</translation>
    </message>
    <message>
        <source>first add during the global load: two elements per work-item, half the work-groups</source>
        <translation>從全域記憶體載入時先做一次加法：每個工作項兩個元素，工作組數減半</translation>
    </message>
    <message>
        <source>Each work-item reads two elements, a work-group&apos;s width apart, and combines them while loading, before the contiguous tree. A work-group now covers twice as many elements, so half as many work-groups run and no work-item is idle in the first round. The tree itself is unchanged; what improves is the ratio of useful work to loads and barriers. Half the work-groups, and every work-item does useful work in the first step.</source>
        <translation>每個工作項讀取相距一個工作組寬度的兩個元素，在載入時、連續尋址的樹形規約之前就把它們合併。一個工作組現在覆蓋兩倍的元素，執行的工作組減半，第一輪也沒有工作項空閒。樹本身沒有變；提高的是有用工作與載入、屏障之比。工作組減半，而且每個工作項在第一步都在做有用的工作。</translation>
    </message>
    <message>
        <source>the last rounds unrolled, correctly: sub-group reduce where available, else barriers</source>
        <translation>正確地展開最後幾輪：有子組時用子組規約，否則保留屏障</translation>
    </message>
    <message>
        <source>CUDA&apos;s classic step unrolls the last six rounds and drops their barriers because a warp runs in lockstep. OpenCL makes no such promise, so that form is a data race (see unroll-last-racy). The correct forms: on a device with sub-groups the tree stops at one sub-group&apos;s worth of values and sub_group_reduce_* finishes them in registers (add, min, max and the logical operations); elsewhere the last six rounds are written out one by one and each keeps its barrier, so only the loop&apos;s bookkeeping goes away. Like the classic ladder it builds on first-add: two elements per work-item, added during the load. With the barriers kept, unrolling removes only loop bookkeeping, which measures as no gain at all.</source>
        <translation>CUDA 的經典做法是展開最後六輪並去掉它們的屏障，理由是一個 warp 步調一致地執行。OpenCL 沒有這樣的保證，因此那種寫法是資料競爭（見 unroll-last-racy）。正確的寫法：在支援子組的裝置上，樹規約到只剩一個子組的值時停止，由 sub_group_reduce_* 在暫存器中完成（加法、最小值、最大值和邏輯運算）；在其他裝置上，最後六輪被逐輪寫出，每一輪都保留屏障，省掉的只是迴圈的開銷。與經典階梯一樣，它建立在 first-add 之上：每個工作項兩個元素，在載入時相加。保留屏障時，展開只能省掉迴圈的開銷，實測毫無收益。</translation>
    </message>
    <message>
        <source>UNSAFE: CUDA-style warp-synchronous tail without barriers (wrong on PoCL)</source>
        <translation>不安全：CUDA 風格、不帶屏障的 warp 同步尾部（在 PoCL 上結果錯誤）</translation>
    </message>
    <message>
        <source>A teaching variant that is wrong on purpose. Below 32 active work-items it drops the barriers and reads local memory through a volatile pointer, trusting that a warp&apos;s 32 lanes run in lockstep. OpenCL gives no such guarantee: work-item t may read scratch[t + s] before work-item t + s has written it, a data race. PoCL runs the work-items of a region one after the other, so work-item 0 finishes its whole tail first and a work-group of 256 ones sums to 28; Oclgrind reports the race. Newer NVIDIA GPUs (independent thread scheduling) can break it too. Use unroll-last.</source>
        <translation>一個故意寫錯的教學變體。活躍工作項少於 32 個時，它去掉屏障，透過 volatile 指標讀取本地記憶體，指望一個 warp 的 32 個通道步調一致。OpenCL 並沒有這樣的保證：工作項 t 可能在工作項 t + s 寫入之前就讀取了 scratch[t + s]，這是資料競爭。PoCL 把一個區域內的工作項一個接一個地執行，於是工作項 0 先跑完整個尾部，一個由 256 個 1 組成的工作組求和結果是 28；Oclgrind 會報告這個競爭。較新的 NVIDIA GPU（獨立執行緒排程）也可能出錯。請使用 unroll-last。</translation>
    </message>
    <message>
        <source>complete unroll: local size as a compile-time constant (-DWGS), first add</source>
        <translation>完全展開：本地大小作為編譯期常量（-DWGS），載入時先加</translation>
    </message>
    <message>
        <source>The local size becomes a compile-time constant, WGS, like CUDA&apos;s template parameter: one build per local size. Every round of the tree is written out and the tests `WGS &gt;= 2*s` disappear at compile time, so no loop counter, no loop branch, and the compiler knows exactly which work-items are active in each round. The kernel demands that local size (reqd_work_group_size). Loads use the first add. The cost: a new program build for every local size you try. A compile-time local size changes little once barriers dominate; the lesson is that the CUDA-era gains came from dropping synchronisation OpenCL requires.</source>
        <translation>本地大小成為編譯期常量 WGS，就像 CUDA 的模板引數：每個本地大小編譯一次。樹的每一輪都被寫出，`WGS &gt;= 2*s` 這類判斷在編譯期就消失了，因此沒有迴圈計數器、沒有迴圈分支，編譯器也確切知道每一輪哪些工作項是活躍的。kernel 要求使用這個本地大小（reqd_work_group_size）。載入時先做一次加法。代價是：每嘗試一個本地大小都要重新編譯一次程式。一旦屏障佔主導，編譯期本地大小幾乎沒有改變；這一課告訴我們，CUDA 時代的收益來自去掉了 OpenCL 所要求的同步。</translation>
    </message>
    <message>
        <source>algorithm cascading: a grid-stride loop, many elements per work-item, then the tree</source>
        <translation>演算法級聯：網格跨步迴圈，每個工作項處理多個元素，然後做樹形規約</translation>
    </message>
    <message>
        <source>A fixed number of work-groups walks the whole input: work-item gid reads elements gid, gid + global size, gid + 2 * global size, ... with scalar loads and combines them in a register, then its work-group runs the contiguous tree once. Consecutive work-items read consecutive elements (coalesced), the tree and its barriers are paid once per many elements, and only a few partials are left to finish. Choose the global size or the elements per work-item; the default fills the device. A few work-groups per compute unit instead of one per few hundred elements, each work-item summing hundreds of elements in registers before the tree.</source>
        <translation>固定數量的工作組遍歷整個輸入：工作項 gid 用標量載入讀取元素 gid、gid + 全域大小、gid + 2 * 全域大小……，並在暫存器中合併，然後它所在的工作組執行一次連續尋址的樹形規約。相鄰工作項讀取相鄰元素（合併訪問），樹和它的屏障由許多元素分攤，最後只剩少數部分和需要收尾。可以選擇全域大小或每個工作項的元素數；預設值會填滿裝置。每個計算單元只用幾個工作組，而不是每幾百個元素一個，每個工作項在樹形規約之前先在暫存器中累加數百個元素。</translation>
    </message>
    <message>
        <source>seed 000: grid-stride loop with 16-byte vector loads (int4/uint4/float4), then a tree</source>
        <translation>種子文章 000：使用 16 位元組向量載入（int4/uint4/float4）的網格跨步迴圈，然後做樹形規約</translation>
    </message>
    <message>
        <source>A fixed number of work-groups walks the whole input in a grid-stride loop, each work-item loading four elements at a time as one 16-byte vector and accumulating four lanes in registers. The lanes are folded and the work-group finishes with a contiguous tree. Few, busy work-items with wide loads keep many memory requests in flight: this is the kernel that reaches memory bandwidth. The last n % 4 elements are added by the first work-items. 16-byte loads move four times the bytes per instruction.</source>
        <translation>固定數量的工作組以網格跨步迴圈遍歷整個輸入，每個工作項一次以一個 16 位元組向量載入四個元素，並在暫存器中做四路累加。最後把四路合併，工作組再用連續尋址的樹形規約收尾。數量少而繁忙、使用寬載入的工作項讓大量記憶體請求同時在途：正是這個 kernel 達到了記憶體頻寬。最後 n % 4 個元素由最前面的工作項累加。16 位元組載入讓每條指令搬運的位元組數變為四倍。</translation>
    </message>
    <message>
        <source>sub_group_reduce_* in registers, then a small tree over one value per sub-group</source>
        <translation>在暫存器中執行 sub_group_reduce_*，再對每個子組的一個值做一棵小樹</translation>
    </message>
    <message>
        <source>After a grid-stride loop, sub_group_reduce_add/min/max (cl_khr_subgroups) reduces each sub-group&apos;s values in registers, with no local memory and no barrier; only one value per sub-group goes through a small tree in local memory. This is what the unrolled warp tail was reaching for, in a form the language guarantees. Sub-group functions only add and take minima and maxima (logical and/or included); devices without cl_khr_subgroups (PoCL, NVIDIA) cannot run it.</source>
        <translation>在網格跨步迴圈之後，sub_group_reduce_add/min/max（cl_khr_subgroups）在暫存器中規約每個子組的值，不用本地記憶體，也不用屏障；每個子組只有一個值進入本地記憶體中的小樹。展開 warp 尾部想要達到的效果，正是它以語言所保證的方式實現的。子組函式只能做加法、求最小值和最大值（包括邏輯與/或）；沒有 cl_khr_subgroups 的裝置（PoCL、NVIDIA）無法執行它。</translation>
    </message>
    <message>
        <source>NVIDIA only: warp reduction with inline PTX shfl.sync.bfly, then one value per warp</source>
        <translation>僅限 NVIDIA：用行內 PTX shfl.sync.bfly 做 warp 規約，然後每個 warp 一個值</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s OpenCL has no sub-groups, but it accepts inline PTX. After a grid-stride loop each warp of 32 work-items reduces in registers with five butterfly shuffles (shfl.sync.bfly, offsets 16, 8, 4, 2, 1): lane l combines its value with lane l ^ offset&apos;s, no local memory, no barrier, since shfl.sync synchronises the lanes it names. Lane 0 of each warp writes one value to local memory and, after one barrier, the first warp reduces those the same way. 64-bit values and argmin/argmax pairs travel as several 32-bit words. Vendor-specific: only on NVIDIA devices. With many elements per work-item the tree is no longer the bottleneck, so a faster tree does not show.</source>
        <translation>NVIDIA 的 OpenCL 沒有子組，但接受行內 PTX。在網格跨步迴圈之後，每個由 32 個工作項組成的 warp 用五次蝶形洗牌（shfl.sync.bfly，偏移 16、8、4、2、1）在暫存器中規約：通道 l 把自己的值與通道 l ^ offset 的值合併，不用本地記憶體，也不用屏障，因為 shfl.sync 會同步它所指定的通道。每個 warp 的通道 0 把一個值寫入本地記憶體，經過一次屏障之後，由第一個 warp 以同樣方式規約這些值。64 位值和 argmin/argmax 的數對以多個 32 位字傳遞。與廠商相關：只能在 NVIDIA 裝置上執行。每個工作項處理許多元素時，樹已不再是瓶頸，更快的樹也就顯不出來。</translation>
    </message>
    <message>
        <source>OpenCL 2.0 work_group_reduce_* does the whole tree in one call</source>
        <translation>OpenCL 2.0 的 work_group_reduce_* 一次呼叫完成整棵樹</translation>
    </message>
    <message>
        <source>After a grid-stride loop one call, work_group_reduce_add/min/max, returns the work-group&apos;s result to every work-item; the implementation chooses sub-group shuffles, local memory and barriers for the device. The shortest kernel, and usually close to the best hand-written tree. Built with -cl-std=CL2.0. Collectives only add and take minima and maxima (logical and/or included). PoCL 3.1 cannot link it; NVIDIA builds and runs it although it does not advertise collectives. The built-in is as good as a hand-written tree, and the load loop decides the speed.</source>
        <translation>在網格跨步迴圈之後，一次呼叫 work_group_reduce_add/min/max 就把工作組的結果返回給每個工作項；由實現為裝置選擇子組洗牌、本地記憶體和屏障。這是最短的 kernel，通常也接近最好的手寫樹。以 -cl-std=CL2.0 編譯。集合函式只能做加法、求最小值和最大值（包括邏輯與/或）。PoCL 3.1 無法連結它；NVIDIA 雖然沒有宣告支援集合函式，卻能編譯並執行它。內建函式與手寫的樹一樣好，速度由載入迴圈決定。</translation>
    </message>
    <message>
        <source>seed 002: each work-group&apos;s result folded into one value with global atomics</source>
        <translation>種子文章 002：用全域原子操作把每個工作組的結果合併成一個值</translation>
    </message>
    <message>
        <source>Each work-group reduces its elements in local memory, then work-item 0 folds the result into out[0] with one atomic: atomic_add for 32-bit integer sums and dots, atom_add for 64-bit ones (cl_khr_int64_base_atomics), native atomic min/max/and/or/xor, and an atomic_cmpxchg loop for floats and products. One launch, no partials array, no host fold. The host writes the operation&apos;s identity into out[0] before the launch; seed 002 zeroes it inside the kernel, which races (see atomic-zeroing-racy). Atomics on one address serialise, so this suits thousands of work-groups, not millions. argmin/argmax pairs cannot be combined atomically. That is one atomic_add per work-group of one element per work-item; for float32 the compare-and-swap loops of all the work-groups on one address are far slower: float atomics contend.</source>
        <translation>每個工作組在本地記憶體中規約自己的元素，然後由工作項 0 用一次原子操作把結果合併到 out[0]：32 位整數的求和與點積用 atomic_add，64 位的用 atom_add（cl_khr_int64_base_atomics），min/max/and/or/xor 用原生原子操作，浮點數和乘積用 atomic_cmpxchg 迴圈。只啟動一次，沒有部分和陣列，也沒有主機端合併。主機在啟動前把運算的單位元寫入 out[0]；種子文章 002 在 kernel 裡清零，這會產生競爭（見 atomic-zeroing-racy）。對同一地址的原子操作會序列化，因此它適合數千個工作組，而不是數百萬個。argmin/argmax 的數對無法用原子操作合併。這是每個工作項一個元素、每個工作組一次 atomic_add 的結果；float32 時所有工作組在同一地址上的比較並交換迴圈要慢得多：浮點原子操作爭用嚴重。</translation>
    </message>
    <message>
        <source>UNSAFE: seed 002 as written, zeroing the destination from inside the kernel</source>
        <translation>不安全：照搬種子文章 002，在 kernel 內部把目標清零</translation>
    </message>
    <message>
        <source>A teaching variant that is wrong on purpose. Like seed 002, global work-item 0 &apos;initialises&apos; the destination with atomic_xchg(dst, 0) while the other work-groups add their results into it with atomics. Nothing orders that exchange before the other work-groups&apos; adds: work-groups run in no guaranteed order, so any result added before work-group 0 gets there is wiped out. It often looks right when work-group 0 happens to run first. The host leaves the destination alone, as the seed&apos;s host does. Race detectors do not flag it either: every access to the destination is atomic, so there is no data race in the memory-model sense (Oclgrind reports none); the bug is the missing ordering between work-groups. The fix is the atomic variant: the host initialises the destination before the launch.</source>
        <translation>一個故意寫錯的教學變體。與種子文章 002 一樣，全域工作項 0 用 atomic_xchg(dst, 0)“初始化”目標，而其他工作組同時用原子操作把結果加進去。沒有任何機制保證這次交換髮生在其他工作組的加法之前：工作組的執行順序沒有保證，所以在工作組 0 到達之前加進去的結果都會被抹掉。當工作組 0 恰好先執行時，結果往往看起來是對的。主機不動目標，與種子文章的主機程式碼一樣。競爭檢測器也不會報告它：對目標的每次訪問都是原子的，因此按記憶體模型的定義不存在資料競爭（Oclgrind 什麼也不報）；錯誤在於工作組之間缺少順序保證。修正方法就是 atomic 變體：由主機在啟動前初始化目標。</translation>
    </message>
    <message>
        <source>one launch: the last work-group to finish (atomic ticket) reduces all partials</source>
        <translation>只啟動一次：最後完成的工作組（原子號碼）規約所有部分和</translation>
    </message>
    <message>
        <source>Every work-group reduces its share (grid-stride loop, contiguous tree) and writes one partial. Work-item 0 then issues a global memory fence, so the partial is visible, and takes a ticket with atomic_inc; the work-group that draws the last ticket knows every partial is in place and reduces them all, writing the final value. The whole reduction is one kernel launch, with no second kernel and no host round trip, for the price of one atomic per work-group. The host zeroes the ticket once; the work-group that draws the last ticket sets it back to zero for the next launch. Its finish is &apos;kernel&apos;, done inside the same launch. As fast as grid-stride with a host finish, and in one launch: its advantage shows at small n, where launch latency dominates.</source>
        <translation>每個工作組規約自己負責的部分（網格跨步迴圈、連續尋址的樹）並寫出一個部分和。然後工作項 0 發出全域記憶體柵欄，使部分和可見，並用 atomic_inc 領取一張號碼；領到最後一張號碼的工作組知道所有部分和都已就位，於是把它們全部規約並寫出最終結果。整個規約只啟動一次 kernel，不需要第二個 kernel，也不用往返主機，代價是每個工作組一次原子操作。主機只在開始時把號碼清零一次；領到最後一張號碼的工作組會把它重新歸零，留給下一次啟動。它的收尾方式是“kernel”，在同一次啟動中完成。與採用主機收尾的 grid-stride 一樣快，而且只需一次啟動：它的優勢在 n 較小、啟動延遲佔主導時才顯現出來。</translation>
    </message>
    <message>
        <source>tuned for this device: 16-byte loads, several in flight, one launch (last work-group finishes)</source>
        <translation>為本裝置調校：16 位元組載入，多個同時在途，只啟動一次（由最後一個工作組收尾）</translation>
    </message>
    <message>
        <source>Everything the ladder taught, in one kernel, with the launch configuration measured for this device (reducelab-cli tune). Each work-item walks the input in a grid-stride loop issuing several independent 16-byte vector loads per iteration (UNROLL of them in flight, VW elements each), so the memory system always has enough requests to stay busy; the lanes fold in registers, the work-group reduces in local memory (on NVIDIA: warp shuffles first, then one barrier), and the last work-group to finish (atomic ticket after a global fence) reduces the partials and resets the ticket. One launch, no host round trip, no memset: the time is the time to read the input once, which is the ceiling of any reduction. At small n its single launch is what counts, where CUB launches two kernels.</source>
        <translation>最佳化階梯教過的一切都集中在一個 kernel 裡，啟動配置是在本裝置上實測得出的（reducelab-cli tune）。每個工作項以網格跨步迴圈遍歷輸入，每次迭代發出多個相互獨立的 16 位元組向量載入（UNROLL 個同時在途，每個 VW 個元素），讓記憶體系統始終有足夠的請求保持忙碌；各路在暫存器中合併，工作組在本地記憶體中規約（在 NVIDIA 上先用 warp 洗牌，再經過一次屏障），最後完成的工作組（在全域柵欄之後領取原子號碼）規約所有部分和並重置號碼。只啟動一次，不用往返主機，也不需要 memset：所用時間就是把輸入讀一遍的時間，這正是任何規約的極限。n 較小時，只啟動一次才是關鍵，而 CUB 要啟動兩個 kernel。</translation>
    </message>
    <message>
        <source>accuracy rung: compensated (Neumaier) sums in a grid-stride loop and the tree</source>
        <translation>精度階梯：網格跨步迴圈和樹狀歸約中都使用補償求和（Neumaier）</translation>
    </message>
    <message>
        <source>Float addition rounds, and a running sum of millions of terms loses the small ones against the large partial sum. Compensated summation (Kahan; Neumaier&apos;s variant also handles terms larger than the sum) keeps a second accumulator for the exact rounding error of every addition, (a - s) + b with the larger operand first, and adds it back at the end. Each work-item compensates its grid-stride loop, the work-group&apos;s tree compensates its additions, and a second tree sums the error terms. A work-group&apos;s partial is then nearly as accurate as its sum rounded once; only the finish over the partials rounds as usual. The price: four more flops per element, hidden behind memory on a GPU. Integer and min/max reductions are exact and run the plain loop. Try it on the cancel fill against grid-stride.</source>
        <translation>浮點加法會捨入，數百萬項的累加和會讓較小的項在較大的部分和面前遺失。補償求和（Kahan；Neumaier 的變體還能處理比和更大的項）用第二個累加器記錄每次加法的精確捨入誤差，即先減較大的運算元再計算 (a - s) + b，最後再把它加回去。每個工作項補償自己的網格跨步迴圈，工作群組的樹狀歸約補償自己的加法，再用第二棵樹把誤差項加起來。這樣一個工作群組的部分和幾乎與只捨入一次的和一樣準確；只有對各部分和的收尾照常捨入。代價：每個元素多四次浮點運算，在 GPU 上被記憶體存取掩蓋。整數和 min/max 歸約本來就是精確的，走普通的迴圈。請在 cancel 輸入上把它與 grid-stride 比較。</translation>
    </message>
    <message>
        <source>accuracy rung: pairwise (cascade) sums per work-item, then the tree: log2(n) depth</source>
        <translation>精度階梯：每個工作項按成對（級聯）方式求和，再做樹狀歸約：深度 log2(n)</translation>
    </message>
    <message>
        <source>A running sum passes its first element through every later addition, so its worst-case error grows with the number of terms. Pairwise summation adds as a balanced binary tree instead: every element passes through about log2(n) additions, and the error bound grows with log2(n) (NumPy&apos;s sum does the same in blocks). Here each work-item sums its grid-stride elements with a binary counter, one partial per level, a new element carrying through the full levels like an increment through set bits; the work-group&apos;s tree and the finish are balanced already. Cheaper than compensation (no extra flops), though the per-level partials live in private memory; less accurate than kahan when terms cancel.</source>
        <translation>累加和讓第一個元素經過之後的每一次加法，所以它的最壞誤差隨項數增長。成對求和改為按平衡二元樹相加：每個元素只經過大約 log2(n) 次加法，誤差上界隨 log2(n) 增長（NumPy 的 sum 也分塊這樣做）。這裡每個工作項用一個二進位計數器對自己的網格跨步元素求和，每一層保留一個部分和，新元素像加一時的進位穿過已設定的位元一樣穿過已滿的層；工作群組的樹狀歸約和收尾本來就是平衡的。比補償求和便宜（沒有額外的浮點運算），不過各層的部分和放在私有記憶體中；當各項相互抵消時不如 kahan 準確。</translation>
    </message>
    <message>
        <source>one element per work-item</source>
        <translation>每個工作項一個元素</translation>
    </message>
    <message>
        <source>two elements per work-item (first add during load)</source>
        <translation>每個工作項兩個元素（載入時先加）</translation>
    </message>
    <message>
        <source>grid-stride (many elements per work-item)</source>
        <translation>網格跨步（每個工作項多個元素）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>無</translation>
    </message>
    <message>
        <source>sub-groups</source>
        <translation>子組</translation>
    </message>
    <message>
        <source>work-group collectives</source>
        <translation>工作組集合函式</translation>
    </message>
    <message>
        <source>NVIDIA inline PTX</source>
        <translation>NVIDIA 行內 PTX</translation>
    </message>
    <message>
        <source>%1 has no OpenCL sub-groups (no cl_khr_subgroups and no OpenCL 3.0 sub-group support)</source>
        <translation>%1 沒有 OpenCL 子組（既沒有 cl_khr_subgroups，也不支援 OpenCL 3.0 子組）</translation>
    </message>
    <message>
        <source>%1 does not support work_group_reduce_* (OpenCL C 2.0 work-group collective functions)</source>
        <translation>%1 不支援 work_group_reduce_*（OpenCL C 2.0 工作組集合函式）</translation>
    </message>
    <message>
        <source>inline PTX warp shuffles need NVIDIA&apos;s OpenCL; %1 is from %2</source>
        <translation>行內 PTX 的 warp 洗牌需要 NVIDIA 的 OpenCL；%1 來自 %2</translation>
    </message>
    <message>
        <source>Measured on {device} ({type} {op}, n = {n}): {us} us, {gbps} GB/s, {ceiling} % of the copy ceiling.</source>
        <translation>在 {device} 上實測（{type} {op}，n = {n}）：{us} us，{gbps} GB/s，為複製頻寬上限的 {ceiling} %。</translation>
    </message>
    <message>
        <source>{speedup}x the speed of {baseline} ({baseline_us} us).</source>
        <translation>速度是 {baseline} 的 {speedup} 倍（{baseline_us} us）。</translation>
    </message>
    <message>
        <source>exact integer accumulation, one rounding: the same bits for every launch and device</source>
        <translation>精確的整數累加，只捨入一次：任何啟動配置和裝置都得到相同的位元</translation>
    </message>
    <message>
        <source>Float addition is not associative, so every other variant&apos;s bits depend on the local size, the number of work-groups, the finish and the device. This one rounds nothing until the end: each element, a significand times a power of two, is added exactly into a long fixed-point number (a superaccumulator, as in ExBLAS) of 32-bit digits held in 64-bit integers, and integer addition gives the same total in any order. The fast path keeps a window of exponents per work-item: an element inside it is scaled by a power of two into an integer and summed exactly in registers (in double vector lanes on a CPU, as 64-bit integers on a GPU), folded into the digits now and then; a vector outside moves the window, and scattered, tiny, infinite or NaN elements go to the work-group&apos;s digits with local atomics. The work-groups add their digits with 64-bit atomics and the last one rounds the exact total once, to nearest with ties to even: the correctly rounded sum, whatever the launch. It takes best&apos;s tuned loads and launch. Float32 and float64 sums only: integer sums are exact in every variant.</source>
        <translation>浮點加法不滿足結合律，所以其他每個變體結果的位元都取決於本地大小、工作組數、收尾方式和裝置。這個變體直到最後才捨入：每個元素（尾數乘以 2 的冪）都被精確地加進一個很長的定點數（超級累加器，與 ExBLAS 中的做法相同），它由存放在 64 位元整數中的 32 位元數位組成，而整數加法無論順序如何都得到相同的總和。快速路徑為每個工作項保留一個指數視窗：落在視窗內的元素乘以 2 的冪變成整數，在暫存器中精確求和（在 CPU 上用 double 向量通道，在 GPU 上用 64 位元整數），並不時折疊進各數位；落在視窗外的向量會移動視窗，而分散的、極小的、無窮大或 NaN 的元素則透過本地原子操作加到工作組的數位上。各工作組用 64 位元原子操作累加各自的數位，最後一個工作組把精確總和只捨入一次，採用就近捨入、平手取偶：無論啟動配置如何，都得到正確捨入的和。它沿用 best 調校過的載入方式和啟動配置。僅支援 Float32 和 float64 求和：整數求和在每個變體中都是精確的。</translation>
    </message>
</context>
<context>
    <name>ChartScale</name>
    <message>
        <source>from cache: the input (%1 elements, %2 MiB) fits the device&apos;s %3 MiB cache and was read at %4 GB/s, above the read ceiling&apos;s p90 (%5 GB/s): a cache served it, not memory</source>
        <translation>來自快取：輸入（%1 個元素，%2 MiB）能放進該裝置 %3 MiB 的快取，讀取速度 %4 GB/s 高於讀取頻寬上限的 p90（%5 GB/s）：資料來自快取，而不是記憶體</translation>
    </message>
    <message>
        <source>from cache: %1 GB/s is above the fastest the device&apos;s memory was measured at (%2 GB/s), so the input (%3 elements) was read from a cache, not from memory</source>
        <translation>來自快取：%1 GB/s 高於該裝置記憶體的最高實測速度（%2 GB/s），所以輸入（%3 個元素）是從快取而不是從記憶體讀取的</translation>
    </message>
    <message>
        <source>%1 %2 GB/s (measured)</source>
        <translation>%1 %2 GB/s（實測）</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 次執行</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 次執行</translation>
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
        <translation>浮點加法不滿足結合律</translation>
    </message>
    <message>
        <source>(a + b) + c and a + (b + c) can round differently: each addition rounds its exact sum to the nearest float, and which roundings happen depends on which partial sums are formed. A parallel reduction chooses its order by its tree, so every change of the tree can change the last bits. The cancel input makes this visible: large terms that cancel exactly, hiding a small sum.</source>
        <translation>(a + b) + c 與 a + (b + c) 的捨入可能不同：每次加法都把精確和捨入到最近的浮點數，而發生哪些捨入取決於形成了哪些部分和。並行規約由它的樹決定相加順序，所以樹的每一次改變都可能改變最後幾個位元。“相消”輸入讓這一點清晰可見：一些大項恰好相互抵消，掩蓋了一個很小的和。</translation>
    </message>
    <message>
        <source>On the frontier, variants that add the same numbers in different orders land at different errors. Sorting the same values (cancel-sorted) moves them again: only the order changed.</source>
        <translation>在誤差與速度圖上，以不同順序相加相同數字的變體會落在不同的誤差上。把同樣的值排好序（“相消（已排序）”輸入）又會讓它們移動：改變的只是順序。</translation>
    </message>
    <message>
        <source>The local size changes the tree</source>
        <translation>本地大小改變了樹</translation>
    </message>
    <message>
        <source>A work-group adds its elements in a tree whose shape is set by the local size: 64 work-items pair elements differently from 256. Each work-group&apos;s partial, and so the sum, changes with it.</source>
        <translation>工作組按一棵樹把自己的元素相加，樹的形狀由本地大小決定：64 個工作項與 256 個工作項配對元素的方式不同。每個工作組的部分和以及最終的和都會隨之改變。</translation>
    </message>
    <message>
        <source>The same variant on the same device gives one result per local size: several bars, and the class run-to-run (each launch repeats its bits, launches differ).</source>
        <translation>同一變體在同一裝置上，每個本地大小給出一個結果：會有多根長條，類別為“執行間一致”（每種啟動配置重複得到相同的位元，不同啟動配置之間則不同）。</translation>
    </message>
    <message>
        <source>The work-group count changes the partials</source>
        <translation>工作組數改變了部分和</translation>
    </message>
    <message>
        <source>Grid-stride variants walk the input with a chosen number of work-groups: each work-item first adds every (global size)-th element in a register. More work-groups mean shorter chains and more partials, in a different order.</source>
        <translation>網格跨步變體用選定數量的工作組遍歷輸入：每個工作項先在暫存器中把每隔（全域大小）個的元素相加。工作組越多，累加鏈越短，部分和越多，相加順序也不同。</translation>
    </message>
    <message>
        <source>One local size, three work-group counts: three launch shapes, and usually three different bit patterns.</source>
        <translation>一個本地大小，三種工作組數：三種啟動配置，通常也有三種不同的位元模式。</translation>
    </message>
    <message>
        <source>The finish adds the partials in its own order</source>
        <translation>收尾方式按自己的順序相加部分和</translation>
    </message>
    <message>
        <source>The partials of the work-groups are added on the host (in work-group order), by a second kernel (another tree) or by the last work-group. Each finish is another order for the same partials.</source>
        <translation>各工作組的部分和可以在主機上相加（按工作組順序），也可以由第二個 kernel（另一棵樹）或最後一個工作組相加。每種收尾方式都是同一組部分和的另一種相加順序。</translation>
    </message>
    <message>
        <source>The same input and launch shapes, variants that differ in their finish: compare their bars, and their errors on the frontier.</source>
        <translation>相同的輸入和啟動配置，收尾方式不同的變體：比較它們的長條，以及它們在誤差與速度圖上的誤差。</translation>
    </message>
    <message>
        <source>Float atomics add in arrival order</source>
        <translation>浮點原子操作按到達順序相加</translation>
    </message>
    <message>
        <source>With an atomic finish, each work-group adds its partial into one global value when it finishes. Which work-group arrives first depends on timing, so on a GPU two identical launches can add the partials in different orders: the result changes from run to run. This is CUB&apos;s not_guaranteed level.</source>
        <translation>採用原子收尾時，每個工作組在完成時把自己的部分和加到同一個全域值上。哪個工作組先到取決於時序，所以在 GPU 上兩次完全相同的啟動可能以不同順序相加部分和：結果每次執行都會變。這就是 CUB 的 not_guaranteed 等級。</translation>
    </message>
    <message>
        <source>Several identical runs of each shape: a GPU usually shows several bars even for one shape and the class nondeterministic; a CPU device that runs work-groups in a fixed order may not.</source>
        <translation>每種啟動配置都完全相同地執行多次：即使只有一種配置，GPU 通常也會顯示多根長條，類別為“非確定性”；按固定順序執行工作組的 CPU 裝置則可能不會。</translation>
    </message>
    <message>
        <source>Another device, another order</source>
        <translation>換一個裝置，換一種順序</translation>
    </message>
    <message>
        <source>Devices differ in their default local sizes, their sub-group widths, their compilers&apos; contraction of a * b + c into fma, and the tuned settings that best picks. A sum that is launch-invariant on one device can still differ between two.</source>
        <translation>不同裝置的預設本地大小、子組寬度、編譯器是否把 a * b + c 收縮為 fma，以及 best 選出的調校設定都各不相同。在一個裝置上與啟動配置無關的和，在兩個裝置之間仍可能不同。</translation>
    </message>
    <message>
        <source>Run the same variants on the two devices side by side: each device&apos;s bars in its own colour, and the class device-invariant only where every device gave the same bits.</source>
        <translation>在兩個裝置上並排執行相同的變體：每個裝置的長條以自己的顏色顯示，只有每個裝置都給出相同的位元時，類別才是“裝置無關”。</translation>
    </message>
    <message>
        <source>Reproducible: accumulate exactly, round once</source>
        <translation>可重現：精確累加，只捨入一次</translation>
    </message>
    <message>
        <source>Compensated sums (kahan, pairwise) shrink the error but still round at every step, so their bits still depend on the order. A reproducible sum removes the cause: every term is added into an exact fixed-point accumulator (exponent-indexed bins, as in ExBLAS or ReproBLAS), where addition is associative, and the exact sum is rounded once at the end. Any order, any launch and any device then give the correctly rounded result.</source>
        <translation>補償求和（kahan、pairwise）能減小誤差，但每一步仍會捨入，所以它們的位元仍取決於順序。可重現求和消除了原因：每一項都被加進一個精確的定點累加器（按指數索引的分箱，與 ExBLAS 或 ReproBLAS 中的做法相同），在其中加法滿足結合律，精確和只在最後捨入一次。於是任何順序、任何啟動配置和任何裝置都給出正確捨入的結果。</translation>
    </message>
    <message>
        <source>The reproducible variant shows one bar on every device, the class device-invariant, and sits on the frontier&apos;s exact floor; look at what its exactness costs in GB/s against best.</source>
        <translation>reproducible 變體在每個裝置上都只顯示一根長條，類別為“裝置無關”，並落在誤差與速度圖的精確底線上；看看與 best 相比，它的精確在 GB/s 上要付出多少代價。</translation>
    </message>
</context>
<context>
    <name>DeviceText</name>
    <message>
        <source>Extensions</source>
        <translation>擴充數</translation>
    </message>
    <message>
        <source>base %1, extended %2</source>
        <translation>基本 %1，擴充 %2</translation>
    </message>
    <message>
        <source>64-bit atomics</source>
        <translation>64 位元原子操作</translation>
    </message>
    <message>
        <source>fp64</source>
        <translation>fp64</translation>
    </message>
    <message>
        <source>Work-group collectives</source>
        <translation>工作組集合函式</translation>
    </message>
    <message>
        <source>Sub-groups</source>
        <translation>子組</translation>
    </message>
    <message>
        <source>Largest buffer</source>
        <translation>最大緩衝區</translation>
    </message>
    <message>
        <source>Global memory</source>
        <translation>全域記憶體</translation>
    </message>
    <message>
        <source>Local memory</source>
        <translation>本地記憶體</translation>
    </message>
    <message>
        <source>Max work-group size</source>
        <translation>最大工作組大小</translation>
    </message>
    <message>
        <source>Max clock</source>
        <translation>最高時脈</translation>
    </message>
    <message>
        <source>Compute units</source>
        <translation>計算單元</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>驅動程式</translation>
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
        <translation>廠商</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>裝置</translation>
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
        <translation>已通過</translation>
    </message>
    <message>
        <source>failing</source>
        <translation>未通過</translation>
    </message>
    <message>
        <source>not tried</source>
        <translation>未嘗試</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>正確</translation>
    </message>
    <message>
        <source>Behaves</source>
        <translation>行為</translation>
    </message>
    <message>
        <source>Race-free</source>
        <translation>無競爭</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>✔ pass</source>
        <translation>✔ 通過</translation>
    </message>
    <message>
        <source>✖ fail</source>
        <translation>✖ 未通過</translation>
    </message>
    <message>
        <source>– skipped</source>
        <translation>– 已跳過</translation>
    </message>
    <message>
        <source>Checks: %1</source>
        <translation>檢查項：%1</translation>
    </message>
    <message>
        <source>Hint %1:</source>
        <translation>提示 %1：</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Not checked yet&lt;/h3&gt;&lt;p&gt;Edit the kernel, then press &lt;b&gt;Check&lt;/b&gt;. Keep the kernel&apos;s name (%1) and signature, and the &lt;code&gt;TRACE_SNAPSHOT&lt;/code&gt; and &lt;code&gt;TRACE_ACCESS&lt;/code&gt; hooks.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;尚未檢查&lt;/h3&gt;&lt;p&gt;修改 kernel，然後按&lt;b&gt;檢查&lt;/b&gt;。保留 kernel 的名稱（%1）和簽名，以及 &lt;code&gt;TRACE_SNAPSHOT&lt;/code&gt; 和 &lt;code&gt;TRACE_ACCESS&lt;/code&gt; 鉤子。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✔ Every check passed&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;✔ 所有檢查皆已通過&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✖ Not yet&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;✖ 還沒有通過&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your kernel did not build, crashed or hung: the correct check says which.&lt;/p&gt;</source>
        <translation>&lt;p&gt;你的 kernel 沒有編譯成功、當掉了或卡住了：「正確」檢查會說明是哪一種。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>check</source>
        <translation>檢查</translation>
    </message>
    <message>
        <source>result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>figure</source>
        <translation>實測值</translation>
    </message>
    <message>
        <source>what was found</source>
        <translation>發現了什麼</translation>
    </message>
</context>
<context>
    <name>Fill</name>
    <message>
        <source>wide-exponent</source>
        <translation>寬指數範圍</translation>
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
        <translation>小整數</translation>
    </message>
    <message>
        <source>ones</source>
        <translation>全為 1</translation>
    </message>
    <message>
        <source>random</source>
        <translation>隨機</translation>
    </message>
    <message>
        <source>ramp</source>
        <translation>遞增 1…n</translation>
    </message>
</context>
<context>
    <name>Lesson</name>
    <message>
        <source>Naive tree: interleaved addressing</source>
        <translation>樸素樹形規約：交錯尋址</translation>
    </message>
    <message>
        <source>The starting point. Each work-item loads one element into local memory; in round s the work-items whose id is a multiple of 2s add the neighbour s places to the right. After log2(local size) rounds, cell 0 holds the work-group&apos;s partial, and the host adds the partials.</source>
        <translation>起點。每個工作項把一個元素載入本地記憶體；在第 s 輪，編號為 2s 倍數的工作項把右邊相距 s 的元素加到自己身上。經過 log2(本地大小) 輪後，單元 0 中就是該工作組的部分和，再由主機把各部分和相加。</translation>
    </message>
    <message>
        <source>In the step view the active work-items are spread across the whole work-group: every warp keeps running with only a few busy lanes (divergent warps, hatched). The % (modulo) test is slow, too.</source>
        <translation>在單步檢視中，活躍的工作項分散在整個工作組裡：每個 warp 都在執行，但只有少數通道在幹活（分支發散的 warp，以斜線標出）。而且 %（取模）判斷本身也很慢。</translation>
    </message>
    <message>
        <source>Interleaved, without divergence</source>
        <translation>交錯尋址，消除分支發散</translation>
    </message>
    <message>
        <source>Same pairs, different work-items: work-item tid now handles the pair at index 2*s*tid, so the busy work-items are the first ones. The modulo test disappears.</source>
        <translation>配對不變，換一批工作項來做：工作項 tid 現在處理下標 2*s*tid 處的一對，於是幹活的總是最前面的工作項。取模判斷也不需要了。</translation>
    </message>
    <message>
        <source>Whole warps now work or idle together: the divergent-warp count drops. But neighbouring lanes touch addresses 2s apart, which land in the same local-memory banks: watch the bank conflicts (diamonds) grow each round.</source>
        <translation>現在整個 warp 要麼一起幹活、要麼一起空閒：發散的 warp 數量下降。但相鄰通道訪問的地址相距 2s，落在本地記憶體的同一個 bank 上：請觀察 bank 衝突（菱形）逐輪增加。</translation>
    </message>
    <message>
        <source>Contiguous (sequential) addressing</source>
        <translation>連續尋址</translation>
    </message>
    <message>
        <source>The stride starts at half the local size and halves every round; work-item tid adds scratch[tid + s] into scratch[tid] while tid &lt; s.</source>
        <translation>步長從本地大小的一半開始，每輪減半；當 tid &lt; s 時，工作項 tid 把 scratch[tid + s] 加到 scratch[tid] 上。</translation>
    </message>
    <message>
        <source>Active work-items stay packed at the left and a warp reads consecutive addresses: no divergence and no bank conflicts. But half of the work-items already do nothing in the first round.</source>
        <translation>活躍的工作項始終緊挨在左側，一個 warp 讀取的是連續地址：既沒有分支發散，也沒有 bank 衝突。但在第一輪就已經有一半工作項無事可做。</translation>
    </message>
    <message>
        <source>First add during the load</source>
        <translation>載入時先做一次加法</translation>
    </message>
    <message>
        <source>Each work-item reads two elements a work-group&apos;s width apart and adds them while loading. A work-group covers twice as many elements, so half as many work-groups run.</source>
        <translation>每個工作項讀取相距一個工作組寬度的兩個元素，在載入時就把它們相加。一個工作組覆蓋的元素翻倍，執行的工作組數量減半。</translation>
    </message>
    <message>
        <source>The tree is unchanged, but the loaded values are already sums of two. Fewer work-groups, fewer barriers and fewer partials per element: the time should drop noticeably.</source>
        <translation>樹形規約本身不變，但載入的值已經是兩個元素之和。工作組更少、屏障更少、每個元素分攤的部分和更少：時間應明顯下降。</translation>
    </message>
    <message>
        <source>Unrolling the last rounds, correctly</source>
        <translation>正確地展開最後幾輪</translation>
    </message>
    <message>
        <source>The last six rounds are written out one by one instead of looping (or, with sub-groups, the last sub-group finishes in registers). Unlike CUDA&apos;s classic trick every round keeps its barrier: OpenCL does not promise that a warp runs in lockstep.</source>
        <translation>最後六輪不再用迴圈，而是逐輪寫出（若裝置支援子組，則由最後一個子組在暫存器中完成）。與 CUDA 的經典技巧不同，每一輪都保留了屏障：OpenCL 並不保證一個 warp 步調一致地執行。</translation>
    </message>
    <message>
        <source>The rounds are the same as before; only the loop&apos;s bookkeeping goes away. The gain is small and depends on the device.</source>
        <translation>各輪與之前相同，只是省掉了迴圈的開銷。收益不大，且取決於裝置。</translation>
    </message>
    <message>
        <source>Complete unroll with a compile-time local size</source>
        <translation>以編譯期本地大小完全展開</translation>
    </message>
    <message>
        <source>The local size becomes a build option (-DWGS), like CUDA&apos;s template parameter, so every round is written out and the tests on the local size vanish at compile time. One program is built per local size.</source>
        <translation>本地大小成為編譯選項（-DWGS），就像 CUDA 的模板引數，於是每一輪都被寫出，對本地大小的判斷在編譯期就消失了。每個本地大小都要編譯一個程式。</translation>
    </message>
    <message>
        <source>Same rounds, same values in the step view; the compiler now knows exactly which work-items work in each round.</source>
        <translation>單步檢視中的輪次和數值都相同；但編譯器現在確切知道每一輪哪些工作項在幹活。</translation>
    </message>
    <message>
        <source>Sub-group reduction in registers</source>
        <translation>在暫存器中做子組規約</translation>
    </message>
    <message>
        <source>sub_group_reduce_* combines the values of a whole sub-group (a warp) in registers, without local memory or barriers; only one value per sub-group goes through a small tree.</source>
        <translation>sub_group_reduce_* 在暫存器中合併整個子組（一個 warp）的值，不用本地記憶體也不用屏障；每個子組只有一個值進入一棵小樹。</translation>
    </message>
    <message>
        <source>Only devices with cl_khr_subgroups run it. It is what the unrolled warp tail was reaching for, in a form the language guarantees.</source>
        <translation>只有支援 cl_khr_subgroups 的裝置能執行它。展開 warp 尾部想要達到的效果，正是它以語言所保證的方式實現的。</translation>
    </message>
    <message>
        <source>Warp shuffles (NVIDIA only)</source>
        <translation>Warp 洗牌（僅限 NVIDIA）</translation>
    </message>
    <message>
        <source>On NVIDIA&apos;s OpenCL, five butterfly shuffles in inline PTX reduce each warp of 32 work-items in registers; lane 0 of each warp writes one value to local memory.</source>
        <translation>在 NVIDIA 的 OpenCL 上，用行內 PTX 做五次蝶形洗牌，在暫存器中規約每個 32 工作項的 warp；每個 warp 的通道 0 把一個值寫入本地記憶體。</translation>
    </message>
    <message>
        <source>Vendor-specific: elsewhere this step is skipped. Compare it with the sub-group step where both exist.</source>
        <translation>與廠商相關：在其他裝置上跳過這一步。兩者都可用時，請與子組那一步比較。</translation>
    </message>
    <message>
        <source>Many elements per work-item: grid-stride loop</source>
        <translation>每個工作項處理多個元素：網格跨步迴圈</translation>
    </message>
    <message>
        <source>A fixed number of work-groups walks the whole input: each work-item adds elements gid, gid + global size, ... in a register before the tree runs once. This is algorithm cascading.</source>
        <translation>固定數量的工作組遍歷整個輸入：每個工作項先在暫存器中累加元素 gid、gid + 全域大小……，然後才執行一次樹形規約。這就是演算法級聯。</translation>
    </message>
    <message>
        <source>The tree and its barriers are now paid once per many elements, and only a few partials are left for the host. This is usually the biggest jump of the ladder.</source>
        <translation>樹形規約和它的屏障現在由許多元素分攤，留給主機的部分和也只剩很少幾個。這通常是最佳化階梯上最大的一次飛躍。</translation>
    </message>
    <message>
        <source>Vector loads: 16 bytes at a time</source>
        <translation>向量載入：一次 16 位元組</translation>
    </message>
    <message>
        <source>The grid-stride loop loads four elements at once as one int4/float4 vector and keeps four running lanes in registers (the kernel of seed 000).</source>
        <translation>網格跨步迴圈一次以一個 int4/float4 向量載入四個元素，並在暫存器中保持四路累加（即種子文章 000 的 kernel）。</translation>
    </message>
    <message>
        <source>Wide loads keep more memory requests in flight: GB/s should approach the device&apos;s bandwidth ceiling.</source>
        <translation>寬載入讓更多記憶體請求同時在途：GB/s 應接近裝置的頻寬上限。</translation>
    </message>
    <message>
        <source>Finishing with atomics</source>
        <translation>用原子操作收尾</translation>
    </message>
    <message>
        <source>Each work-group folds its result into one global value with an atomic (the kernel of seed 002, with the destination initialised by the host). No partials array, no host fold.</source>
        <translation>每個工作組用一次原子操作把結果合併到一個全域值中（即種子文章 002 的 kernel，但目標由主機初始化）。沒有部分和陣列，也沒有主機端合併。</translation>
    </message>
    <message>
        <source>One work-item per element again, so this step is about the finish, not the loads: atomics on one address serialise.</source>
        <translation>又回到每個工作項一個元素，所以這一步講的是收尾而不是載入：對同一地址的原子操作會序列化。</translation>
    </message>
    <message>
        <source>Single pass: the last work-group finishes</source>
        <translation>單趟：由最後一個工作組收尾</translation>
    </message>
    <message>
        <source>Every work-group writes its partial, then takes a ticket with atomic_inc after a memory fence; the work-group that draws the last ticket reduces all partials. The whole reduction is one kernel launch.</source>
        <translation>每個工作組寫出自己的部分和，在記憶體柵欄之後用 atomic_inc 領取一張號碼；領到最後一張號碼的工作組規約所有部分和。整個規約只需啟動一次 kernel。</translation>
    </message>
    <message>
        <source>No second kernel and no round trip to the host: for small inputs the launch overhead you save is a large part of the time.</source>
        <translation>不需要第二個 kernel，也不用往返主機：對小輸入而言，省下的啟動開銷佔了時間的很大一部分。</translation>
    </message>
    <message>
        <source>The built-in: work_group_reduce_*</source>
        <translation>內建函式：work_group_reduce_*</translation>
    </message>
    <message>
        <source>OpenCL 2.0&apos;s work_group_reduce_add/min/max does the whole tree in one call; the implementation picks shuffles, local memory and barriers for the device.</source>
        <translation>OpenCL 2.0 的 work_group_reduce_add/min/max 一次呼叫就完成整棵樹；由實現為裝置選擇洗牌、本地記憶體和屏障。</translation>
    </message>
    <message>
        <source>The shortest kernel. Not every driver supports it (PoCL 3.1 cannot link it).</source>
        <translation>最短的 kernel。並非所有驅動都支援它（PoCL 3.1 無法連結它）。</translation>
    </message>
    <message>
        <source>Everything together, tuned for this device</source>
        <translation>集大成，併為本裝置調校</translation>
    </message>
    <message>
        <source>Vector loads, several in flight per work-item, a grid-stride loop, the local-memory tree and a single-pass finish, with the vector width, unroll, local size and work-group count measured for this device.</source>
        <translation>向量載入（每個工作項有多個同時在途）、網格跨步迴圈、本地記憶體樹形規約和單趟收尾；向量寬度、展開次數、本地大小和工作組數量都是在本裝置上實測選出的。</translation>
    </message>
    <message>
        <source>The time to read the input once is the ceiling of any reduction: compare the GB/s with the dashed bandwidth line.</source>
        <translation>把輸入讀一遍所需的時間就是任何規約的極限：請把 GB/s 與頻寬虛線比較。</translation>
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
        <translation>尺寸 %1 × %2 超出範圍（16 到 20000 畫素）</translation>
    </message>
    <message>
        <source>%1 DPI is out of range (36 to 1200)</source>
        <translation>%1 DPI 超出範圍（36 到 1200）</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>power-of-two local size</source>
        <translation>本地大小須為 2 的冪</translation>
    </message>
    <message>
        <source>any local size</source>
        <translation>任意本地大小</translation>
    </message>
    <message>
        <source>can be stepped</source>
        <translation>可單步追蹤</translation>
    </message>
    <message>
        <source>no tree to step</source>
        <translation>沒有可單步追蹤的樹</translation>
    </message>
    <message>
        <source> · %1-wide vector loads</source>
        <translation> · %1 路向量載入</translation>
    </message>
    <message>
        <source> · needs %1</source>
        <translation> · 需要%1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;⚠ Deliberately racy:&lt;/b&gt; a teaching example of what goes wrong; its results may be wrong.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;⚠ 故意存在競爭：&lt;/b&gt;這是演示錯誤做法的教學示例，結果可能是錯的。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;✖ Not available on this device:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;✖ 本裝置不可用：&lt;/b&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No variant selected.</source>
        <translation>未選擇變體。</translation>
    </message>
    <message>
        <source>could not render the chart for %1</source>
        <translation>無法為 %1 繪製圖表</translation>
    </message>
    <message>
        <source>no file name given</source>
        <translation>沒有給出檔案名稱</translation>
    </message>
    <message>
        <source>could not encode the image for %1</source>
        <translation>無法為 %1 編碼影像</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::CloseGuard</name>
    <message>
        <source>Save results</source>
        <translation>儲存結果</translation>
    </message>
    <message>
        <source>Results JSON (*.json)</source>
        <translation>結果 JSON (*.json)</translation>
    </message>
    <message>
        <source>Close ReduceLab</source>
        <translation>關閉 ReduceLab</translation>
    </message>
    <message>
        <source>A sweep is still running, and the results measured so far are not saved.</source>
        <translation>掃描仍在執行，目前已測得的結果尚未儲存。</translation>
    </message>
    <message>
        <source>The results of this session are not saved.</source>
        <translation>本次工作階段的結果尚未儲存。</translation>
    </message>
    <message>
        <source>Save them as a results JSON before closing?</source>
        <translation>關閉前要把它們儲存為結果 JSON 嗎？</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ControlPanel</name>
    <message>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>no OpenCL device</source>
        <translation>沒有 OpenCL 裝置</translation>
    </message>
    <message>
        <source>Reduction</source>
        <translation>規約</translation>
    </message>
    <message>
        <source>Elements to reduce: type a number, 2^20, 2^20+7, 16Mi or 1M</source>
        <translation>要規約的元素個數：可輸入數字、2^20、2^20+7、16Mi 或 1M</translation>
    </message>
    <message>
        <source>&amp;Operation</source>
        <translation>運算(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Type</source>
        <translation>型別(&amp;T)</translation>
    </message>
    <message>
        <source>Variant &amp;A</source>
        <translation>變體 &amp;A</translation>
    </message>
    <message>
        <source>Variant &amp;B</source>
        <translation>變體 &amp;B</translation>
    </message>
    <message>
        <source>&amp;n</source>
        <translation>&amp;n</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>種子</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>輸入</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>啟動</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>Elements each work-item reads in a grid-stride variant (auto: enough work-groups to fill the device)</source>
        <translation>網格跨步變體中每個工作項讀取的元素數（自動：足以填滿裝置的工作組數）</translation>
    </message>
    <message>
        <source>host (read partials back)</source>
        <translation>主機（讀回部分和）</translation>
    </message>
    <message>
        <source>second kernel</source>
        <translation>第二個 kernel</translation>
    </message>
    <message>
        <source>atomics</source>
        <translation>原子操作</translation>
    </message>
    <message>
        <source>How the work-groups&apos; partial results become one value. Variants that combine them themselves (atomic, single-pass) always use their own way.</source>
        <translation>各工作組的部分結果如何合成一個值。自行合併的變體（atomic、single-pass）始終使用自己的方式。</translation>
    </message>
    <message>
        <source>default</source>
        <translation>預設</translation>
    </message>
    <message>
        <source>wide (64-bit / double)</source>
        <translation>加寬（64 位 / double）</translation>
    </message>
    <message>
        <source>same width (wraps)</source>
        <translation>同寬（會迴繞）</translation>
    </message>
    <message>
        <source>Timed runs; the median is reported</source>
        <translation>計時執行次數；報告中位數</translation>
    </message>
    <message>
        <source>Local si&amp;ze</source>
        <translation>本地大小(&amp;Z)</translation>
    </message>
    <message>
        <source>Items per &amp;work-item</source>
        <translation>每個工作項的元素數(&amp;W)</translation>
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
        <translation>預熱</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>重複次數</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>執行</translation>
    </message>
    <message>
        <source>Run, verify and time variants A and B (Ctrl+R)</source>
        <translation>執行、驗證並計時變體 A 和 B（Ctrl+R）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>No OpenCL device was found. Install an OpenCL driver (for example pocl-opencl-icd) and restart.</source>
        <translation>未找到 OpenCL 裝置。請安裝 OpenCL 驅動（例如 pocl-opencl-icd）後重新啟動。</translation>
    </message>
    <message>
        <source>
(no local-memory tree: cannot be stepped)</source>
        <translation>
（沒有本地記憶體樹：無法單步追蹤）</translation>
    </message>
    <message>
        <source>
Unavailable on this device: %1</source>
        <translation>
本裝置不可用：%1</translation>
    </message>
    <message>
        <source>auto (engine default)</source>
        <translation>自動（引擎預設）</translation>
    </message>
    <message>
        <source>no variant selected</source>
        <translation>未選擇變體</translation>
    </message>
    <message>
        <source>n = %1 needs a buffer of %2 but the largest buffer %3 allows is %4</source>
        <translation>n = %1 需要 %2 的緩衝區，但 %3 允許的最大緩衝區是 %4</translation>
    </message>
    <message>
        <source>ramp: 1, 2, …, n; random: reproducible for the seed; ones: all 1; randint: small integers (-8 to 8), whose float sums are exact; cancel, cancel-sorted, wide-exponent: hard float sums (large cancellation, shuffled or sorted; a wide exponent range) whose exact sum the reference computes</source>
        <translation>遞增 1…n：1, 2, …, n；隨機：由種子決定、可重現；全為 1：每個元素都是 1；小整數：-8 到 8 的整數，其浮點和是精確的；相消、相消（已排序）、寬指數範圍：難以求和的浮點輸入（大量相消，亂序或排序；指數範圍很寬），參考值會計算它們的精確和</translation>
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
        <translation>停止檢查：結束它的行程</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Cancelled&lt;/h3&gt;&lt;p&gt;The check was stopped and its process ended.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;已取消&lt;/h3&gt;&lt;p&gt;檢查已停止，它的行程已結束。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>ReduceLab — try your own kernel</source>
        <translation>ReduceLab — 試寫你自己的 kernel</translation>
    </message>
    <message>
        <source>Start again from the catalog&apos;s copy</source>
        <translation>從目錄中的原版重新開始</translation>
    </message>
    <message>
        <source>Build, check and time</source>
        <translation>編譯、檢查並計時</translation>
    </message>
    <message>
        <source>Build the kernel, verify it against the CPU on several sizes and time it (Ctrl+B)</source>
        <translation>編譯 kernel，在多種規模上與 CPU 結果對照驗證，並計時（Ctrl+B）</translation>
    </message>
    <message>
        <source>Step it</source>
        <translation>單步追蹤</translation>
    </message>
    <message>
        <source>Trace one work-group of your kernel beside the catalog&apos;s original (needs the TRACE_SNAPSHOT / TRACE_ACCESS hooks)</source>
        <translation>把你的 kernel 的一個工作組與目錄中的原版並排追蹤（需要 TRACE_SNAPSHOT / TRACE_ACCESS 鉤子）</translation>
    </message>
    <message>
        <source>Copy of</source>
        <translation>副本來自</translation>
    </message>
    <message>
        <source>✖ The kernel does not build: see the build log</source>
        <translation>✖ kernel 編譯失敗：請檢視編譯日誌</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✖ Build failed&lt;/h3&gt;&lt;p&gt;Click a line number in the build log to jump to it in the editor.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;✖ 編譯失敗&lt;/h3&gt;&lt;p&gt;點選編譯日誌中的行號，即可跳到編輯器中的對應行。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Your copy of %1&lt;/h3&gt;&lt;p&gt;Edit the kernel, then &lt;b&gt;Build, check and time&lt;/b&gt; it. Keep the kernel&apos;s name and signature. Keep the &lt;code&gt;TRACE_SNAPSHOT&lt;/code&gt; and &lt;code&gt;TRACE_ACCESS&lt;/code&gt; hooks to step it.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;你的 %1 副本&lt;/h3&gt;&lt;p&gt;編輯 kernel，然後點選&lt;b&gt;編譯、檢查並計時&lt;/b&gt;。請保留 kernel 的名稱和簽名。保留 &lt;code&gt;TRACE_SNAPSHOT&lt;/code&gt; 和 &lt;code&gt;TRACE_ACCESS&lt;/code&gt; 鉤子即可單步追蹤。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No OpenCL device</source>
        <translation>沒有 OpenCL 裝置</translation>
    </message>
    <message>
        <source>Building and checking…</source>
        <translation>正在編譯並檢查…</translation>
    </message>
    <message>
        <source>The catalog&apos;s %1</source>
        <translation>目錄中的 %1</translation>
    </message>
    <message>
        <source>Yours: %1</source>
        <translation>你的：%1</translation>
    </message>
    <message>
        <source>Your kernel cannot be stepped: keep TRACE_PARAMS in its signature, TRACE_SNAPSHOT(scratch, round) after each barrier and TRACE_ACCESS(round, a, b, written) for each combine, as the catalog&apos;s kernels do.</source>
        <translation>你的 kernel 無法單步追蹤：請像目錄中的 kernel 那樣，在簽名中保留 TRACE_PARAMS，在每個屏障之後呼叫 TRACE_SNAPSHOT(scratch, round)，併為每次合併呼叫 TRACE_ACCESS(round, a, b, written)。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Build log&lt;/b&gt; (click a location to jump to it):</source>
        <translation>&lt;b&gt;編譯日誌&lt;/b&gt;（點選位置即可跳轉）：</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✔ Verified on every size, work-group by work-group&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;✔ 所有規模均已逐個工作組驗證透過&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;✖ Wrong results&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;✖ 結果錯誤&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>work-groups</source>
        <translation>工作組數</translation>
    </message>
    <message>
        <source>result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>CPU reference</source>
        <translation>CPU 參考值</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>是否通過</translation>
    </message>
    <message>
        <source>wrong work-groups</source>
        <translation>出錯的工作組</translation>
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
        <translation>&lt;p&gt;&lt;b&gt;第一個結果不符的工作組&lt;/b&gt;（n = %1，本地大小 %2）：工作組 &lt;b&gt;%3&lt;/b&gt; 讀取從下標 %5 開始的 %4 個元素，得到 &lt;b&gt;%6&lt;/b&gt;；CPU 對這些元素的規約結果是 &lt;b&gt;%7&lt;/b&gt;。%9 個工作組中有 %8 個不符。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Time&lt;/b&gt; at n = %1: %2 ms (kernel %3 ms), %4 GB/s — median of %5 runs.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;時間&lt;/b&gt;（n = %1）：%2 ms（kernel %3 ms），%4 GB/s — %5 次執行的中位數。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Build options:</source>
        <translation>編譯選項：</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your kernel has no trace hooks, so it cannot be stepped.&lt;/p&gt;</source>
        <translation>&lt;p&gt;你的 kernel 沒有追蹤鉤子，因此無法單步追蹤。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>✔ verified, %1 GB/s</source>
        <translation>✔ 已驗證，%1 GB/s</translation>
    </message>
    <message>
        <source>✖ wrong results</source>
        <translation>✖ 結果錯誤</translation>
    </message>
    <message>
        <source>Start again</source>
        <translation>重新開始</translation>
    </message>
    <message>
        <source>Your edits to %1 will be lost.</source>
        <translation>你對 %1 的修改將會遺失。</translation>
    </message>
    <message>
        <source>Discard them and start again from the catalog&apos;s copy?</source>
        <translation>捨棄這些修改，從目錄中的原版重新開始？</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::DeterminismFrontier</name>
    <message>
        <source>Error against speed</source>
        <translation>誤差與速度</translation>
    </message>
    <message>
        <source>GB/s (input bytes ÷ time)</source>
        <translation>GB/s（輸入位元組數 ÷ 時間）</translation>
    </message>
    <message>
        <source>|result − exact sum| ÷ |exact sum|</source>
        <translation>|結果 − 精確和| ÷ |精確和|</translation>
    </message>
    <message>
        <source>rounded differently</source>
        <translation>捨入結果不同</translation>
    </message>
    <message>
        <source>exact (correctly rounded)</source>
        <translation>精確（正確捨入）</translation>
    </message>
    <message>
        <source>%1: %2 GB/s, relative error %3
result %4 (%5)</source>
        <translation>%1：%2 GB/s，相對誤差 %3
結果 %4（%5）</translation>
    </message>
    <message>
        <source>0 (exact)</source>
        <translation>0（精確）</translation>
    </message>
    <message>
        <source>Error against speed: %1 on %2</source>
        <translation>誤差與速度：%1，在 %2 上</translation>
    </message>
    <message>
        <source>%1 (exact)</source>
        <translation>%1（精確）</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精確</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::DeterminismHistogram</name>
    <message>
        <source>nondeterministic</source>
        <translation>非確定性</translation>
    </message>
    <message>
        <source>run-to-run</source>
        <translation>執行間一致</translation>
    </message>
    <message>
        <source>launch-invariant</source>
        <translation>啟動配置無關</translation>
    </message>
    <message>
        <source>device-invariant</source>
        <translation>裝置無關</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>變體</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>類別</translation>
    </message>
    <message>
        <source>Distinct
(device 1)</source>
        <translation>相異結果
（裝置 1）</translation>
    </message>
    <message>
        <source>Distinct
(device 2)</source>
        <translation>相異結果
（裝置 2）</translation>
    </message>
    <message>
        <source>Correctly
rounded</source>
        <translation>正確
捨入</translation>
    </message>
    <message>
        <source>runs giving this result</source>
        <translation>得到此結果的執行次數</translation>
    </message>
    <message>
        <source>distinct results (value, bits)</source>
        <translation>相異結果（值，位元）</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不適用</translation>
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
        <translation>相異結果：請先執行實驗</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失敗：%2</translation>
    </message>
    <message>
        <source>%1: %2 (%3 runs)</source>
        <translation>%1：%2（%3 次執行）</translation>
    </message>
    <message>
        <source>correctly rounded sum %1 (%2)</source>
        <translation>正確捨入的和 %1（%2）</translation>
    </message>
    <message>
        <source>device %1: %2 (%3)</source>
        <translation>裝置 %1：%2（%3）</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精確</translation>
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
        <translation>示範一下</translation>
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
        <translation>觀察重點：</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::DeterminismWindow</name>
    <message>
        <source>Determinism &amp; accuracy</source>
        <translation>確定性與精度</translation>
    </message>
    <message>
        <source>Distinct results</source>
        <translation>相異結果</translation>
    </message>
    <message>
        <source>Error against GB/s</source>
        <translation>誤差與 GB/s</translation>
    </message>
    <message>
        <source>Lesson: why the bits change</source>
        <translation>課程：結果的位元為何改變</translation>
    </message>
    <message>
        <source>Grid-stride variants only: the other variants&apos; work-groups follow from the size and the local size.</source>
        <translation>僅適用於網格跨步變體：其他變體的工作組數由規模和本地大小決定。</translation>
    </message>
    <message>
        <source>each variant&apos;s own</source>
        <translation>各變體自己的方式</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>輸入</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素數</translation>
    </message>
    <message>
        <source>Runs per launch</source>
        <translation>每種啟動配置的執行次數</translation>
    </message>
    <message>
        <source>Local sizes</source>
        <translation>本地大小</translation>
    </message>
    <message>
        <source>Work-groups</source>
        <translation>工作組數</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>收尾</translation>
    </message>
    <message>
        <source>Device 1</source>
        <translation>裝置 1</translation>
    </message>
    <message>
        <source>Device 2</source>
        <translation>裝置 2</translation>
    </message>
    <message>
        <source>Variants</source>
        <translation>變體</translation>
    </message>
    <message>
        <source>Run study</source>
        <translation>執行實驗</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>匯出圖表…</translation>
    </message>
    <message>
        <source>Export data</source>
        <translation>匯出資料</translation>
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
        <translation>（無）</translation>
    </message>
    <message>
        <source>choose an input</source>
        <translation>請選擇輸入</translation>
    </message>
    <message>
        <source>elements: %1</source>
        <translation>元素數：%1</translation>
    </message>
    <message>
        <source>at least 1</source>
        <translation>至少為 1</translation>
    </message>
    <message>
        <source>local sizes: give positive numbers, such as 64, 256</source>
        <translation>本地大小：請給出正整數，例如 64, 256</translation>
    </message>
    <message>
        <source>work-groups: give positive numbers, such as 3, 16, 128</source>
        <translation>工作組數：請給出正整數，例如 3, 16, 128</translation>
    </message>
    <message>
        <source>no OpenCL device to run on</source>
        <translation>沒有可執行的 OpenCL 裝置</translation>
    </message>
    <message>
        <source>choose at least one variant</source>
        <translation>請至少選擇一個變體</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>無法執行：%1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在執行…</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>正在執行 %1</translation>
    </message>
    <message numerus="yes">
        <source>Done: %n variant(s).</source>
        <translation>
            <numerusform>完成：%n 個變體。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: use .png, .svg or .pdf</source>
        <translation>%1：請使用 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <source>Chart saved to %1</source>
        <translation>圖表已儲存到 %1</translation>
    </message>
    <message>
        <source>%1: use .csv or .json</source>
        <translation>%1：請使用 .csv 或 .json</translation>
    </message>
    <message>
        <source>Data saved to %1</source>
        <translation>資料已儲存到 %1</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要取代它嗎？</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>匯出圖表資料</translation>
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
        <translation>裝置 2 與裝置 1 相同（%1）：研究會把它的位元模式計兩次；請另選裝置 2，或選（無）</translation>
    </message>
    <message>
        <source>%1: no study to export; run one first</source>
        <translation>%1：沒有可匯出的研究；請先執行一次</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ErrorDialog</name>
    <message>
        <source>Copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>(no build log)</source>
        <translation>（沒有編譯日誌）</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ExerciseWindow</name>
    <message>
        <source>ReduceLab — exercises</source>
        <translation>ReduceLab — 練習</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>檢查</translation>
    </message>
    <message>
        <source>Grade your kernel: correct on hidden inputs, how it behaves on the step trace, race-free under Oclgrind, and fast against the reference (Ctrl+B)</source>
        <translation>評判你的 kernel：在隱藏輸入上是否正確、在單步追蹤中的行為、在 Oclgrind 下是否無競爭、與參考相比是否夠快（Ctrl+B）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the check: its process is ended</source>
        <translation>停止檢查：結束它的行程</translation>
    </message>
    <message>
        <source>Start again from the starter</source>
        <translation>從初始程式碼重新開始</translation>
    </message>
    <message>
        <source>The exercises of $REDUCELAB_EXERCISES could not be read: %1</source>
        <translation>無法讀取 $REDUCELAB_EXERCISES 中的練習：%1</translation>
    </message>
    <message numerus="yes">
        <source>Show a hint (%n left)</source>
        <translation>
            <numerusform>顯示一則提示（還剩 %n 則）</numerusform>
        </translation>
    </message>
    <message>
        <source>No more hints</source>
        <translation>沒有更多提示了</translation>
    </message>
    <message>
        <source>Start again</source>
        <translation>重新開始</translation>
    </message>
    <message>
        <source>Your edits to this exercise&apos;s kernel will be lost.</source>
        <translation>你對這道練習的 kernel 所做的修改將會遺失。</translation>
    </message>
    <message>
        <source>Discard them and start again from the starter kernel?</source>
        <translation>捨棄這些修改，從初始 kernel 重新開始？</translation>
    </message>
    <message>
        <source>No OpenCL device</source>
        <translation>沒有 OpenCL 裝置</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在檢查…</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Cancelled&lt;/h3&gt;&lt;p&gt;The check was stopped and its process ended.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;已取消&lt;/h3&gt;&lt;p&gt;檢查已停止，它的行程已結束。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1: %2 of %3 — %4</source>
        <translation>%1：第 %2 步（共 %3 步）— %4</translation>
    </message>
    <message>
        <source>✔ Every check passed</source>
        <translation>✔ 所有檢查皆已通過</translation>
    </message>
    <message>
        <source>✖ Not yet: see the checks</source>
        <translation>✖ 還沒有通過：請看各項檢查</translation>
    </message>
    <message>
        <source>The catalog&apos;s %1</source>
        <translation>目錄中的 %1</translation>
    </message>
    <message>
        <source>Yours: %1</source>
        <translation>你的：%1</translation>
    </message>
    <message>
        <source>Your kernel cannot be stepped: keep TRACE_PARAMS in its signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS for each combine.</source>
        <translation>你的 kernel無法單步追蹤：請在簽名中保留 TRACE_PARAMS，在每個屏障之後保留 TRACE_SNAPSHOT，在每次合併時保留 TRACE_ACCESS。</translation>
    </message>
    <message>
        <source>Your kernel did not run: the correct check says why.</source>
        <translation>你的 kernel 沒有執行：「正確」檢查會說明原因。</translation>
    </message>
    <message>
        <source>This exercise&apos;s kernel finishes in one launch, with no work-group tree to step: the correct check says how it did.</source>
        <translation>本練習的 kernel 在一次啟動中完成，沒有可逐步檢視的工作組歸約樹：「正確」檢查會說明它的結果。</translation>
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
        <translation>匯出圖表</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>瀏覽…</translation>
    </message>
    <message>
        <source>PNG (raster, at the DPI below)</source>
        <translation>PNG（點陣圖，按下面的 DPI）</translation>
    </message>
    <message>
        <source>SVG (vector)</source>
        <translation>SVG（向量）</translation>
    </message>
    <message>
        <source>PDF (vector)</source>
        <translation>PDF（向量）</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 畫素</translation>
    </message>
    <message>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>寬度</translation>
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
        <translation>圖表 (*.png *.svg *.pdf)</translation>
    </message>
    <message>
        <source>The PNG has exactly the width and height above; text and lines are drawn DPI ÷ 96 times their size on screen</source>
        <translation>PNG 的寬度和高度正好是上面的數值；文字和線條按螢幕上大小的 DPI ÷ 96 倍繪製</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::KernelViewer</name>
    <message>
        <source>Kernel sources</source>
        <translation>kernel 原始碼</translation>
    </message>
    <message>
        <source>(not buildable for this problem: %1)</source>
        <translation>（無法為此問題編譯：%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — shared by every variant: it is prepended to each variant&apos;s file and turns the -D knobs into T, ACC, IDENTITY, combine() and the trace hooks.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 所有變體共用：它被加在每個變體檔案的前面，把 -D 開關轉換成 T、ACC、IDENTITY、combine() 和追蹤鉤子。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Build options&lt;/b&gt; (%1 of %2): &lt;code&gt;%3&lt;/code&gt;</source>
        <translation>&lt;b&gt;編譯選項&lt;/b&gt;（%2 的 %1）：&lt;code&gt;%3&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Build options&lt;/b&gt; for %1 of %2: &lt;code&gt;%3&lt;/code&gt;</source>
        <translation>&lt;b&gt;編譯選項&lt;/b&gt;（%2 的 %1）：&lt;code&gt;%3&lt;/code&gt;</translation>
    </message>
    <message>
        <source> plus &lt;code&gt;-DWGS=&lt;/code&gt;&lt;i&gt;local size&lt;/i&gt;</source>
        <translation>，另加 &lt;code&gt;-DWGS=&lt;/code&gt;&lt;i&gt;本地大小&lt;/i&gt;</translation>
    </message>
    <message>
        <source> plus &lt;code&gt;-DVW -DUNROLL -DBLOCKED -DINDEX32&lt;/code&gt; from the device&apos;s tuning</source>
        <translation>，另加來自裝置調校結果的 &lt;code&gt;-DVW -DUNROLL -DBLOCKED -DINDEX32&lt;/code&gt;</translation>
    </message>
    <message>
        <source> plus &lt;code&gt;%1&lt;/code&gt; on NVIDIA devices</source>
        <translation>，在 NVIDIA 裝置上另加 &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Last launched with&lt;/b&gt;: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;上次啟動時使用&lt;/b&gt;：&lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::LadderChart</name>
    <message>
        <source>Variant</source>
        <translation>變體</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>時間 (ms)</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Step
speed-up</source>
        <translation>單步
加速比</translation>
    </message>
    <message>
        <source>Cumulative
speed-up</source>
        <translation>累計
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
        <translation>已驗證</translation>
    </message>
    <message>
        <source>Optimization ladder</source>
        <translation>最佳化階梯</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已驗證</translation>
    </message>
    <message>
        <source>NOT verified</source>
        <translation>未透過驗證</translation>
    </message>
    <message>
        <source>GB/s (input bytes ÷ time)</source>
        <translation>GB/s（輸入位元組數 ÷ 時間）</translation>
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
實測複製頻寬上限的 %1%</translation>
    </message>
    <message>
        <source>
%1× the step before, %2× the first rung</source>
        <translation>
是上一級的 %1 倍，第一級的 %2 倍</translation>
    </message>
    <message>
        <source>
from cache</source>
        <translation>
來自快取</translation>
    </message>
    <message>
        <source>copy ceiling</source>
        <translation>複製頻寬上限</translation>
    </message>
    <message>
        <source>▲ %1, above the scale</source>
        <translation>▲ %1，超出座標範圍</translation>
    </message>
    <message>
        <source>from cache: %1
ran faster than the device&apos;s memory was measured (%2 GB/s):
the input sat in a cache, so these percentages exceed 100%</source>
        <translation>來自快取：%1
執行速度超過了該裝置記憶體的實測速度（%2 GB/s）：
輸入留在快取中，所以這些百分比超過 100%</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::LessonView</name>
    <message>
        <source>ReduceLab — lesson: the optimization ladder</source>
        <translation>ReduceLab — 課程：最佳化階梯</translation>
    </message>
    <message>
        <source>Measured %1 of %2 steps</source>
        <translation>已測量 %2 步中的 %1 步</translation>
    </message>
    <message>
        <source>Every available step measured on %1</source>
        <translation>已在 %1 上測量所有可用步驟</translation>
    </message>
    <message>
        <source>✖ %1</source>
        <translation>✖ %1</translation>
    </message>
    <message>
        <source>Measurement cancelled</source>
        <translation>測量已取消</translation>
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
        <translation>測量每一步</translation>
    </message>
    <message>
        <source>Run, verify and time every step available on this device</source>
        <translation>在本裝置上執行、驗證並計時每個可用步驟</translation>
    </message>
    <message>
        <source>Export PDF handout…</source>
        <translation>匯出 PDF 講義…</translation>
    </message>
    <message>
        <source>The lesson&apos;s steps, measured</source>
        <translation>本課各步驟的實測結果</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步驟</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>變體</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>時間 (ms)</translation>
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
        <translation>已驗證</translation>
    </message>
    <message>
        <source>Export the lesson as a PDF handout</source>
        <translation>把本課匯出為 PDF 講義</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Handout written to %1</source>
        <translation>講義已寫入 %1</translation>
    </message>
    <message>
        <source>Skipped on this device: %1</source>
        <translation>本裝置上跳過：%1</translation>
    </message>
    <message>
        <source>The lesson&apos;s steps on %1</source>
        <translation>本課各步驟在 %1 上的結果</translation>
    </message>
    <message>
        <source>%1 of %2 %3 elements (%4) on %5 · median of %6 timed runs</source>
        <translation>在 %5 上對 %2 個 %3 元素（%4）求 %1 · %6 次計時執行的中位數</translation>
    </message>
    <message>
        <source>Step %1 of %2 · %3</source>
        <translation>第 %1 步（共 %2 步）· %3</translation>
    </message>
    <message>
        <source>What changes:</source>
        <translation>改動：</translation>
    </message>
    <message>
        <source>What to look for:</source>
        <translation>觀察要點：</translation>
    </message>
    <message>
        <source>Skipped on this device:</source>
        <translation>本裝置上跳過：</translation>
    </message>
    <message>
        <source>Measured:</source>
        <translation>實測：</translation>
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
        <translation> · 來自快取：輸入能放進該裝置的快取，所以這個 GB/s 可能是快取的速度，而不是記憶體的</translation>
    </message>
    <message>
        <source> (NOT verified)</source>
        <translation>（未透過驗證）</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>失敗：</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — the starting point</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — 起點</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; against step %2 (%3): &lt;span style=&apos;background:#d4f2d4&apos;&gt;&amp;nbsp;%4 lines added or changed&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#f8d7d7&apos;&gt;&amp;nbsp;%5 lines removed&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 與第 %2 步（%3）相比：&lt;span style=&apos;background:#d4f2d4&apos;&gt;&amp;nbsp;新增或修改 %4 行&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:#f8d7d7&apos;&gt;&amp;nbsp;刪除 %5 行&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>(no earlier tree)</source>
        <translation>（之前沒有樹）</translation>
    </message>
    <message>
        <source>This is the first step with a tree to step.</source>
        <translation>這是第一個有樹可單步追蹤的步驟。</translation>
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
        <translation>沒有可供追蹤的 OpenCL 裝置。</translation>
    </message>
    <message>
        <source>%1 has no local-memory tree with barrier rounds to step: it combines values in registers or across work-groups.</source>
        <translation>%1 沒有帶屏障輪次的本地記憶體樹可供單步追蹤：它在暫存器中或跨工作組合並數值。</translation>
    </message>
    <message numerus="yes">
        <source>Measuring %n step(s)…</source>
        <translation>
            <numerusform>正在測量 %n 個步驟…</numerusform>
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
        <translation>跳過：%1</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失敗：%1</translation>
    </message>
    <message>
        <source>The optimization ladder, step by step</source>
        <translation>最佳化階梯，一步一步來</translation>
    </message>
    <message>
        <source>Measured on this device</source>
        <translation>在本裝置上的實測結果</translation>
    </message>
    <message>
        <source>%1, the starting point:</source>
        <translation>%1，起點：</translation>
    </message>
    <message>
        <source>%1, with the lines changed since step %2 marked (+ added, − removed):</source>
        <translation>%1，標出自第 %2 步以來改動的行（+ 新增，− 刪除）：</translation>
    </message>
    <message>
        <source>ReduceLab lesson: the optimization ladder</source>
        <translation>ReduceLab 課程：最佳化階梯</translation>
    </message>
    <message>
        <source>could not render the handout for %1</source>
        <translation>無法為 %1 繪製講義</translation>
    </message>
    <message>
        <source>✔ The trace shows what this step describes.</source>
        <translation>✔ 追蹤結果呈現了這一步所描述的現象。</translation>
    </message>
    <message>
        <source>⚠ Not visible at these settings (%1): the step opens at local size %2, warp width %3.</source>
        <translation>⚠ 在目前設定下看不到（%1）：這一步以本地大小 %2、warp 寬度 %3 開啟。</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳過</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::MainMenus</name>
    <message>
        <source>&amp;About ReduceLab</source>
        <translation>關於 ReduceLab(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Auto-tune A</source>
        <translation>自動調校 A(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Back one round</source>
        <translation>後退一輪(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Cancel everything</source>
        <translation>全部取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Copy chart</source>
        <translation>複製圖表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Export chart…</source>
        <translation>匯出圖表(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Forward one round</source>
        <translation>前進一輪(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>幫助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Kernel sources…</source>
        <translation>kernel 原始碼(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>鍵盤快捷鍵(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Last round</source>
        <translation>最後一輪(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Lesson: the optimization ladder…</source>
        <translation>課程：最佳化階梯(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>課程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Measure the bandwidth ceiling</source>
        <translation>測量頻寬上限(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Open results…</source>
        <translation>開啟結果(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Play / pause</source>
        <translation>播放 / 暫停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>簡報模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>執行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run A and B</source>
        <translation>執行 A 和 B(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>單步(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Trace A and B (step view)</source>
        <translation>追蹤 A 和 B（單步檢視）(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Try your own kernel…</source>
        <translation>試寫你自己的 kernel (&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Whole work-group</source>
        <translation>整個工作組(&amp;W)</translation>
    </message>
    <message>
        <source>&lt;b&gt;ReduceLab %1&lt;/b&gt;&lt;br&gt;Teach and tune OpenCL parallel reductions with real measurements on your own hardware.</source>
        <translation>&lt;b&gt;ReduceLab %1&lt;/b&gt;&lt;br&gt;在你自己的硬體上，用真實測量來講授和調校 OpenCL 並行規約。</translation>
    </message>
    <message>
        <source>About ReduceLab</source>
        <translation>關於 ReduceLab</translation>
    </message>
    <message>
        <source>All areas</source>
        <translation>所有區域</translation>
    </message>
    <message>
        <source>Charts only</source>
        <translation>僅圖表</translation>
    </message>
    <message>
        <source>Export step &amp;animation as PNGs…</source>
        <translation>把單步動畫匯出為 PNG 序列(&amp;A)…</translation>
    </message>
    <message>
        <source>Export step &amp;round as PNG…</source>
        <translation>把當前輪匯出為 PNG(&amp;R)…</translation>
    </message>
    <message>
        <source>F&amp;irst (loaded)</source>
        <translation>開頭（載入後）(&amp;I)</translation>
    </message>
    <message>
        <source>Follow the system language</source>
        <translation>跟隨系統語言</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>鍵盤快捷鍵</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>語言(&amp;G)</translation>
    </message>
    <message>
        <source>Results table only</source>
        <translation>僅結果表</translation>
    </message>
    <message>
        <source>Run the la&amp;dder</source>
        <translation>執行最佳化階梯(&amp;D)</translation>
    </message>
    <message>
        <source>Step view only</source>
        <translation>僅單步檢視</translation>
    </message>
    <message>
        <source>Sweep &amp;local sizes</source>
        <translation>掃描本地大小(&amp;L)</translation>
    </message>
    <message>
        <source>Sweep &amp;n</source>
        <translation>掃描 n(&amp;N)</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>Open results or a session</source>
        <translation>開啟結果或工作階段</translation>
    </message>
    <message>
        <source>Results JSON or session (*.json *.reducelab);;All files (*)</source>
        <translation>結果 JSON 或工作階段 (*.json *.reducelab);;所有檔案 (*)</translation>
    </message>
    <message>
        <source>&amp;Save session…</source>
        <translation>儲存工作階段(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Determinism &amp;&amp; accuracy…</source>
        <translation>確定性與精度(&amp;D)…</translation>
    </message>
    <message>
        <source>Lesson: &amp;why the bits change…</source>
        <translation>課程：結果的位元為何改變(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Split across devices…</source>
        <translation>跨裝置拆分(&amp;S)…</translation>
    </message>
    <message>
        <source>Close a Lessons window</source>
        <translation>關閉「課程」選單中的視窗</translation>
    </message>
    <message>
        <source>&amp;Exercises…</source>
        <translation>練習(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::MainWindow</name>
    <message>
        <source>ReduceLab — parallel reductions, measured</source>
        <translation>ReduceLab — 實測並行規約</translation>
    </message>
    <message>
        <source>Looking for OpenCL devices…</source>
        <translation>正在查詢 OpenCL 裝置…</translation>
    </message>
    <message>
        <source>Controls</source>
        <translation>控制面板</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>說明</translation>
    </message>
    <message>
        <source>run</source>
        <translation>執行</translation>
    </message>
    <message>
        <source>Run finished</source>
        <translation>執行完成</translation>
    </message>
    <message numerus="yes">
        <source>%n OpenCL device(s) found</source>
        <translation>
            <numerusform>找到 %n 個 OpenCL 裝置</numerusform>
        </translation>
    </message>
    <message>
        <source>ReduceLab — %1</source>
        <translation>ReduceLab — %1</translation>
    </message>
    <message>
        <source>there is no OpenCL device to run on; you can still open results files (Ctrl+O)</source>
        <translation>沒有可執行的 OpenCL 裝置；你仍然可以開啟結果檔案（Ctrl+O）</translation>
    </message>
    <message>
        <source>still looking for OpenCL devices</source>
        <translation>仍在查詢 OpenCL 裝置</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>排隊中</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在執行…</translation>
    </message>
    <message>
        <source>Traced: press Space to play, → to step</source>
        <translation>追蹤完成：按空格鍵播放，按 → 單步</translation>
    </message>
    <message>
        <source>. Meanwhile you can open results files (Ctrl+O) measured elsewhere.</source>
        <translation>。此時你仍可以開啟在別處測得的結果檔案（Ctrl+O）。</translation>
    </message>
    <message>
        <source>No OpenCL device to trace on.</source>
        <translation>沒有可供追蹤的 OpenCL 裝置。</translation>
    </message>
    <message>
        <source>The bandwidth ceiling could not be measured: %1</source>
        <translation>無法測量頻寬上限：%1</translation>
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
        <translation>正在開啟 %1…</translation>
    </message>
    <message>
        <source>%1 — %2 (%3)</source>
        <translation>%1 — %2（%3）</translation>
    </message>
    <message>
        <source>file %1</source>
        <translation>檔案 %1</translation>
    </message>
    <message>
        <source>Opened %1: %2 point(s) of suite &apos;%3&apos;, measured on %4 by %5</source>
        <translation>已開啟 %1：測試集“%3”的 %2 個點，由 %5 在 %4 上測得</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已開啟 %1</translation>
    </message>
    <message>
        <source>The run was interrupted: these are the points measured before it stopped.</source>
        <translation>執行被中斷：這些是停止前已測得的點。</translation>
    </message>
    <message>
        <source>The last session could not be restored: %1</source>
        <translation>無法還原上次的工作階段：%1</translation>
    </message>
    <message>
        <source>Bandwidth ceiling: %1; %2</source>
        <translation>頻寬上限：%1；%2</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>read</source>
        <translation>讀取</translation>
    </message>
    <message>
        <source>Opened session %1</source>
        <translation>已開啟工作階段 %1</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>儲存工作階段</translation>
    </message>
    <message>
        <source>ReduceLab session (*.reducelab)</source>
        <translation>ReduceLab 工作階段 (*.reducelab)</translation>
    </message>
    <message>
        <source>Saved session %1</source>
        <translation>已儲存工作階段 %1</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::MessageBanner</name>
    <message>
        <source>Details…</source>
        <translation>詳情…</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>關閉</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::PanelTraces</name>
    <message>
        <source>Tracing cancelled.</source>
        <translation>追蹤已取消。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::PerformanceView</name>
    <message>
        <source>GB/s against local size (tuning)</source>
        <translation>GB/s 與本地大小（調校）</translation>
    </message>
    <message>
        <source>GB/s against input size</source>
        <translation>GB/s 與輸入規模</translation>
    </message>
    <message>
        <source>Sweep local sizes</source>
        <translation>掃描本地大小</translation>
    </message>
    <message>
        <source>Measure variants A and B at every local size (Ctrl+L)</source>
        <translation>在每個本地大小上測量變體 A 和 B（Ctrl+L）</translation>
    </message>
    <message>
        <source>Auto-tune A</source>
        <translation>自動調校 A</translation>
    </message>
    <message>
        <source>Sweep local size × items per work-item for variant A and mark the fastest (Ctrl+Shift+T)</source>
        <translation>為變體 A 掃描本地大小 × 每個工作項的元素數，並標出最快的配置（Ctrl+Shift+T）</translation>
    </message>
    <message>
        <source>Drag to try a local size: variant A is re-measured where you stop</source>
        <translation>拖動以嘗試某個本地大小：在你停下的位置重新測量變體 A</translation>
    </message>
    <message>
        <source>local size</source>
        <translation>本地大小</translation>
    </message>
    <message>
        <source>Sweep n</source>
        <translation>掃描 n</translation>
    </message>
    <message>
        <source>Measure variants A and B over n = 2^from … 2^to (Ctrl+Shift+N)</source>
        <translation>在 n = 2^起 … 2^止 範圍內測量變體 A 和 B（Ctrl+Shift+N）</translation>
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
        <translation>執行最佳化階梯</translation>
    </message>
    <message>
        <source>Every kernel variant available here, at the control panel&apos;s n (Ctrl+D)</source>
        <translation>在控制面板的 n 下執行此處可用的每個 kernel 變體（Ctrl+D）</translation>
    </message>
    <message>
        <source>each rung at its default local size, on the control panel&apos;s n, op and type</source>
        <translation>每一級使用其預設本地大小，採用控制面板中的 n、運算和型別</translation>
    </message>
    <message>
        <source>Local size &amp;&amp; tuning</source>
        <translation>本地大小與調校</translation>
    </message>
    <message>
        <source>Input size</source>
        <translation>輸入規模</translation>
    </message>
    <message>
        <source>Ladder</source>
        <translation>最佳化階梯</translation>
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
        <translation>即將測量…</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <source>Chart as PNG / SVG / PDF…</source>
        <translation>圖表匯出為 PNG / SVG / PDF…</translation>
    </message>
    <message>
        <source>Copy chart to clipboard</source>
        <translation>把圖表複製到剪貼簿</translation>
    </message>
    <message>
        <source>Data as CSV…</source>
        <translation>資料匯出為 CSV…</translation>
    </message>
    <message>
        <source>Data as JSON…</source>
        <translation>資料匯出為 JSON…</translation>
    </message>
    <message>
        <source>%v of %m points</source>
        <translation>%m 個點中的 %v 個</translation>
    </message>
    <message>
        <source>Apply best</source>
        <translation>套用最佳配置</translation>
    </message>
    <message>
        <source>Set the launch controls and the slider to the fastest configuration Auto-tune found</source>
        <translation>把啟動控制項和滑桿設為自動調校找到的最快配置</translation>
    </message>
    <message>
        <source>log scale</source>
        <translation>對數座標</translation>
    </message>
    <message>
        <source>A logarithmic GB/s axis, for points that differ by decades</source>
        <translation>對數 GB/s 座標軸，適合相差好幾個數量級的點</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::PresentationMode</name>
    <message>
        <source>Presentation mode: F11 to leave</source>
        <translation>簡報模式：按 F11 退出</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ResultsModel</name>
    <message>
        <source>Value</source>
        <translation>結果值</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已驗證</translation>
    </message>
    <message>
        <source>% ceiling</source>
        <translation>佔上限 %</translation>
    </message>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>Time (ms)</source>
        <translation>時間 (ms)</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>收尾</translation>
    </message>
    <message>
        <source>Per item</source>
        <translation>每項元素</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>工作組</translation>
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
        <translation>類型</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>運算</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>變體</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>來源</translation>
    </message>
    <message>
        <source>reference %1, %2</source>
        <translation>參考值 %1，%2</translation>
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
        <translation>&lt;b&gt;結果&lt;/b&gt;</translation>
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
        <translation>本次會話的所有測量：執行、掃描、調校和開啟的檔案</translation>
    </message>
    <message>
        <source>Export the table as CSV</source>
        <translation>把表格匯出為 CSV</translation>
    </message>
    <message>
        <source>Export the table as a results JSON (opens again in ReduceLab)</source>
        <translation>把表格匯出為結果 JSON（可在 ReduceLab 中再次開啟）</translation>
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
        <translation>%1（在 %2 位元處回繞）</translation>
    </message>
    <message>
        <source>%1 sum exact in 128 bits (32-bit halves summed apart in uint64)</source>
        <translation>%1 的和在 128 位元內精確（32 位元的兩半分別在 uint64 中求和）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; = &lt;span style=&apos;font-size:120%&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/span&gt;&lt;br&gt;%3 against the CPU reference %4%5&lt;br&gt;&lt;b&gt;%6 ms&lt;/b&gt; · &lt;b&gt;%7&lt;/b&gt;&lt;br&gt;&lt;small&gt;%8 of n = %9 %10 · accumulator %11&lt;br&gt;local %12 · %13 work-groups · %14 per work-item · finish %15 · %16 launch(es)&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; = &lt;span style=&apos;font-size:120%&apos;&gt;&lt;b&gt;%2&lt;/b&gt;&lt;/span&gt;&lt;br&gt;%3，CPU 參考值 %4%5&lt;br&gt;&lt;b&gt;%6 ms&lt;/b&gt; · &lt;b&gt;%7&lt;/b&gt;&lt;br&gt;&lt;small&gt;%8，n = %9 個 %10 · 累加器 %11&lt;br&gt;本地大小 %12 · %13 個工作組 · 每個工作項 %14 個 · 收尾 %15 · %16 次啟動&lt;/small&gt;</translation>
    </message>
    <message>
        <source> (%1% of the %2 GB/s ceiling)</source>
        <translation>（%2 GB/s 上限的 %1%）</translation>
    </message>
    <message>
        <source>, |error| %1 (bound %2)</source>
        <translation>，|誤差| %1（上界 %2）</translation>
    </message>
    <message>
        <source>✖ MISMATCH</source>
        <translation>✖ 不一致</translation>
    </message>
    <message>
        <source>✔ verified</source>
        <translation>✔ 已驗證</translation>
    </message>
    <message>
        <source> at index %1</source>
        <translation>，位於索引 %1</translation>
    </message>
    <message>
        <source>Press &lt;b&gt;Run&lt;/b&gt; (Ctrl+R) to run, verify and time the reduction.</source>
        <translation>按&lt;b&gt;執行&lt;/b&gt;（Ctrl+R）來執行、驗證並計時規約。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::SplitResultsView</name>
    <message>
        <source>Predicted ms</source>
        <translation>預測 ms</translation>
    </message>
    <message>
        <source>Predicted %1 ms, measured %2 ms (%3).</source>
        <translation>預測 %1 ms，實測 %2 ms（%3）。</translation>
    </message>
    <message>
        <source>with the upload</source>
        <translation>含上傳</translation>
    </message>
    <message>
        <source>data resident</source>
        <translation>資料已在裝置上</translation>
    </message>
    <message>
        <source>The fastest device alone, %1, is predicted at %2 ms.</source>
        <translation>單獨最快的裝置 %1 預測為 %2 ms。</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素數</translation>
    </message>
    <message>
        <source>Shares and timings</source>
        <translation>份額與計時</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>Share %</source>
        <translation>份額 %</translation>
    </message>
    <message>
        <source>Upload ms</source>
        <translation>上傳 ms</translation>
    </message>
    <message>
        <source>Run ms</source>
        <translation>執行 ms</translation>
    </message>
    <message>
        <source>Kernel ms</source>
        <translation>kernel ms</translation>
    </message>
    <message>
        <source>Resident GB/s</source>
        <translation>資料常駐 GB/s</translation>
    </message>
    <message>
        <source>End-to-end GB/s</source>
        <translation>端到端 GB/s</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已驗證</translation>
    </message>
    <message>
        <source>The tree, level by level, measured in this run</source>
        <translation>規約樹的各層，本次執行實測</translation>
    </message>
    <message>
        <source>Next level, nodes: mpirun -n P reducelab-cli run --mpi reduces one shard per rank and combines the partials with MPI_Reduce. This window does not measure it; docs/scaling.md models that level.</source>
        <translation>再上一層是節點：mpirun -n P reducelab-cli run --mpi 讓每個 rank 規約一個分片，再用 MPI_Reduce 合併部分和。本視窗不測量這一層；docs/scaling.md 對它建立了模型。</translation>
    </message>
    <message>
        <source>Each level reduces what the level below left. Splitting divides the main kernel&apos;s time among the devices, but every device still pays its launch and its finish, and the host adds a combine: below some n these fixed costs are larger than the time saved. End to end, every shard must first be uploaded; where the link to a device (PCIe for a GPU) is slower than its memory, the upload outweighs the kernel and the split pays only where the time a device saves is more than the time it takes to move its share. Compare the resident and end-to-end totals at several n to find the crossover on this machine.</source>
        <translation>每一層規約下一層留下的結果。拆分把主 kernel 的時間分給多個裝置，但每個裝置仍要付出自己的啟動和收尾開銷，主機還要再合併一次：n 小於某個值時，這些固定開銷比節省的時間還多。端到端來看，每個分片都必須先上傳；當通往裝置的連結（GPU 的 PCIe）比裝置記憶體慢時，上傳比 kernel 更耗時，只有當裝置節省的時間多於搬運其份額的時間時，拆分才划算。在幾個不同的 n 下比較資料常駐與端到端的總時間，就能找到本機上的交叉點。</translation>
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
        <translation>合計（資料常駐；合併 %1 ms）</translation>
    </message>
    <message>
        <source>Data resident on the devices: %1 ms (%2 GB/s). With the upload: %3 ms (%4 GB/s). Host combine: %5 ms. Value %6; reference of the whole input %7: %8 (%9).</source>
        <translation>資料常駐在裝置上：%1 ms（%2 GB/s）。含上傳：%3 ms（%4 GB/s）。主機合併：%5 ms。結果 %6；整個輸入的參考值 %7：%8（%9）。</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已驗證</translation>
    </message>
    <message>
        <source>NOT verified</source>
        <translation>未通過驗證</translation>
    </message>
    <message>
        <source>Main kernel: work-items, work-groups</source>
        <translation>主 kernel：工作項、工作組</translation>
    </message>
    <message>
        <source>Device: its work-groups&apos; partials</source>
        <translation>裝置：其各工作組的部分和</translation>
    </message>
    <message>
        <source>Upload of each shard</source>
        <translation>每個分片的上傳</translation>
    </message>
    <message>
        <source>Host: one partial per device</source>
        <translation>主機：每個裝置一個部分和</translation>
    </message>
    <message>
        <source>main
kernel</source>
        <translation>主
kernel</translation>
    </message>
    <message>
        <source>device
finish</source>
        <translation>裝置
收尾</translation>
    </message>
    <message>
        <source>upload</source>
        <translation>上傳</translation>
    </message>
    <message>
        <source>host
combine</source>
        <translation>主機
合併</translation>
    </message>
    <message>
        <source>Profiling events of the main kernel. The work-items&apos; loops and the work-groups&apos; local-memory trees run inside this one kernel and cannot be timed apart.</source>
        <translation>主 kernel 的 profiling 事件。工作項的迴圈和工作組在本地記憶體中的規約樹都在這一個 kernel 裡執行，無法分開計時。</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>裝置 %1</translation>
    </message>
    <message>
        <source>Finish kernel passes, or reading the partials and folding them on the host.</source>
        <translation>收尾 kernel 的各遍，或者讀回部分和並在主機上合併。</translation>
    </message>
    <message>
        <source>On %1 the partials are combined inside the main kernel (atomics or the last work-group): not timed apart, included in the level above.</source>
        <translation>在 %1 上，部分和在主 kernel 內部合併（原子操作或最後一個工作組）：無法分開計時，已計入上一層。</translation>
    </message>
    <message>
        <source>Host-to-device copy of each shard, by profiling events (the median of the timed repeats); only the end-to-end total pays it.</source>
        <translation>每個分片從主機到裝置的複製，按 profiling 事件計時（計時重複的中位數）；只有端到端的總時間包含它。</translation>
    </message>
    <message>
        <source>The host&apos;s combine of the devices&apos; partials, by the wall clock.</source>
        <translation>主機合併各裝置的部分和，按掛鐘時間計時。</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>層級</translation>
    </message>
    <message>
        <source>device %1, ms</source>
        <translation>裝置 %1，ms</translation>
    </message>
    <message>
        <source>This run, ms</source>
        <translation>本次執行，ms</translation>
    </message>
    <message>
        <source>not timed apart</source>
        <translation>未單獨計時</translation>
    </message>
    <message>
        <source>ms (log)</source>
        <translation>ms（對數）</translation>
    </message>
    <message>
        <source>host</source>
        <translation>主機</translation>
    </message>
    <message>
        <source>From cache: %1 reduced its shard (%2) at %3 GB/s, above %4 (%5 GB/s): the shard sat in the device&apos;s cache, so this is not memory bandwidth.</source>
        <translation>來自快取：%1 以 %3 GB/s 歸約了它的分片（%2），高於%4（%5 GB/s）：該分片位於裝置的快取中，因此這不是記憶體頻寬。</translation>
    </message>
    <message>
        <source>the read ceiling measured on it</source>
        <translation>在該裝置上測得的讀取上限</translation>
    </message>
    <message>
        <source>its rate from memory</source>
        <translation>它從記憶體讀取的速率</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::SplitWindow</name>
    <message>
        <source>Split across devices</source>
        <translation>跨裝置拆分</translation>
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
        <translation>均衡：先讓每個裝置在兩種以上規模上單獨執行，擬合固定開銷與速率，再按預測完成時間相同來分配份額，不划算的裝置被排除；強制：保留每個裝置；端到端：計入每個分片的上傳；平均：每個裝置分到 n / 裝置數，因此由最慢的裝置決定總時間。</translation>
    </message>
    <message>
        <source>force</source>
        <translation>強制</translation>
    </message>
    <message>
        <source>end-to-end</source>
        <translation>端到端</translation>
    </message>
    <message>
        <source>best: each device its own tuned configuration. A variant that finishes on the host or in a second kernel shows the device level apart from the main kernel.</source>
        <translation>best：每個裝置使用各自調校的配置。在主機上或用第二個 kernel 收尾的變體，會把裝置這一層與主 kernel 分開顯示。</translation>
    </message>
    <message>
        <source>Elements to reduce: type a number, 2^20, 2^20+7, 16Mi or 1M</source>
        <translation>要規約的元素個數：可輸入數字、2^20、2^20+7、16Mi 或 1M</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>裝置</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>拆分方式</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>運算</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>類型</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>變體</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素數</translation>
    </message>
    <message>
        <source>Timed repeats</source>
        <translation>計時重複次數</translation>
    </message>
    <message>
        <source>Run split</source>
        <translation>執行拆分</translation>
    </message>
    <message>
        <source>No OpenCL device is available.</source>
        <translation>沒有可用的 OpenCL 裝置。</translation>
    </message>
    <message>
        <source>Only one OpenCL device is available: the split runs on it alone. PoCL gives two CPU devices with POCL_DEVICES=&quot;pthread pthread&quot; set before ReduceLab starts.</source>
        <translation>只有一個可用的 OpenCL 裝置：拆分只會在它上面執行。在啟動 ReduceLab 之前設定 POCL_DEVICES=&quot;pthread pthread&quot;，PoCL 就會提供兩個 CPU 裝置。</translation>
    </message>
    <message>
        <source>no OpenCL device to run on</source>
        <translation>沒有可執行的 OpenCL 裝置</translation>
    </message>
    <message>
        <source>check at least one device</source>
        <translation>請至少勾選一個裝置</translation>
    </message>
    <message>
        <source>elements: %1</source>
        <translation>元素數：%1</translation>
    </message>
    <message>
        <source>at least 1</source>
        <translation>至少為 1</translation>
    </message>
    <message>
        <source>the exact mean of %1 sums 32-bit halves in two passes and is not split over devices; run it on one device, or split its sum</source>
        <translation>%1 的精確平均值分兩遍對 32 位元的高低兩半求和，不能跨裝置拆分；請在單一裝置上執行，或者拆分它的求和</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>無法執行：%1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在執行…</translation>
    </message>
    <message numerus="yes">
        <source>Done: verified, split over %n device(s).</source>
        <translation>
            <numerusform>完成：已驗證，拆分到 %n 個裝置。</numerusform>
        </translation>
    </message>
    <message>
        <source>Done, but the result does NOT match the reference of the whole input.</source>
        <translation>完成，但結果與整個輸入的參考值不一致。</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::StepCanvas</name>
    <message>
        <source>Press Trace (Ctrl+T) to read a work-group&apos;s local memory after every round.</source>
        <translation>按“追蹤”（Ctrl+T）讀取一個工作組在每一輪之後的本地記憶體。</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>載入後</translation>
    </message>
    <message>
        <source>round %1 · s=%2</source>
        <translation>第 %1 輪 · s=%2</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>第 %1 輪</translation>
    </message>
    <message>
        <source>Local memory right after the load phase</source>
        <translation>載入階段剛結束時的本地記憶體</translation>
    </message>
    <message>
        <source>Round %1, stride %2: %3 active work-items, %4 of %5 warps active, %6 divergent, %7 bank conflict(s)</source>
        <translation>第 %1 輪，步長 %2：%3 個活躍工作項，%5 個 warp 中有 %4 個活躍，%6 個發散，%7 次 bank 衝突</translation>
    </message>
    <message>
        <source>local[%1 … %2]: %3 cells nobody touches in round %4 (folded; zoom in or turn off folding to see them)</source>
        <translation>local[%1 … %2]：第 %4 輪中無人訪問的 %3 個單元（已摺疊；放大或關閉摺疊即可看到）</translation>
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
%3（單元 %4 位元組，%5 個 bank × %6 位元組）</translation>
    </message>
    <message>
        <source>
after the load</source>
        <translation>
載入之後</translation>
    </message>
    <message>
        <source>
after round %1</source>
        <translation>
第 %1 輪之後</translation>
    </message>
    <message>
        <source>
written by work-item %1: local[%2] ⊕ local[%3]</source>
        <translation>
由工作項 %1 寫入：local[%2] ⊕ local[%3]</translation>
    </message>
    <message>
        <source>
read in round %1 by work-item %2</source>
        <translation>
第 %1 輪中被工作項 %2 讀取</translation>
    </message>
    <message>
        <source>work-item %1 (warp %2, lane %3): %4 in round %5</source>
        <translation>工作項 %1（warp %2，通道 %3）：第 %5 輪中%4</translation>
    </message>
    <message>
        <source>active</source>
        <translation>活躍</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空閒</translation>
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
warp %1 發散：%3 個通道中有 %2 個活躍</translation>
    </message>
    <message>
        <source>
warp %1: %2 of %3 lanes active</source>
        <translation>
warp %1：%3 個通道中有 %2 個活躍</translation>
    </message>
    <message>
        <source>
bank conflict (%1): bank %2, %3-way</source>
        <translation>
bank 衝突（%1）：bank %2，%3 路</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::StepLens</name>
    <message>
        <source>The lens: these cells magnified. Drag, scroll or press Shift+Left/Right to move it, or click a cell in the overview above.</source>
        <translation>放大鏡：放大顯示這些格子。拖曳、捲動或按 Shift+←/→ 移動它，也可以點選上方總覽中的某個格子。</translation>
    </message>
    <message>
        <source>follow</source>
        <translation>跟隨</translation>
    </message>
    <message>
        <source>Keep the lens on the active work-items of each round</source>
        <translation>讓放大鏡始終停在每一輪的活躍工作項上</translation>
    </message>
    <message>
        <source>round %1</source>
        <translation>第 %1 輪</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>載入後</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::StepView</name>
    <message>
        <source>Trace A and B</source>
        <translation>追蹤 A 和 B</translation>
    </message>
    <message>
        <source>Run the instrumented kernels and read local memory back after every round (Ctrl+T)</source>
        <translation>執行插樁 kernel，並在每一輪之後讀回本地記憶體（Ctrl+T）</translation>
    </message>
    <message>
        <source>ramp 1, 2, 3…</source>
        <translation>遞增 1, 2, 3…</translation>
    </message>
    <message>
        <source>random</source>
        <translation>隨機</translation>
    </message>
    <message>
        <source>ones</source>
        <translation>全 1</translation>
    </message>
    <message>
        <source>Lanes per warp (sub-group) for the analysis. Real GPUs use 32 or 64; 4 and 8 show warps retiring in a small work-group.</source>
        <translation>分析所用的每個 warp（子組）的通道數。真實 GPU 使用 32 或 64；4 和 8 可以在小工作組中看到 warp 退出。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>side by side</source>
        <translation>並排</translation>
    </message>
    <message>
        <source>stacked</source>
        <translation>上下堆疊</translation>
    </message>
    <message>
        <source>local size</source>
        <translation>本地大小</translation>
    </message>
    <message>
        <source>input</source>
        <translation>輸入</translation>
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
        <translation>摺疊空閒單元</translation>
    </message>
    <message>
        <source>When cells get too narrow, runs of cells nobody touches this round shrink to a hatched strip</source>
        <translation>單元過窄時，本輪無人訪問的連續單元會縮成一條斜線帶</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+-)</source>
        <translation>縮小（Ctrl+-）</translation>
    </message>
    <message>
        <source>Whole work-group (Ctrl+0)</source>
        <translation>整個工作組（Ctrl+0）</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl++); Ctrl+wheel zooms at the mouse, drag pans</source>
        <translation>放大（Ctrl++）；Ctrl+滾輪在滑鼠處縮放，拖動可平移</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>匯出</translation>
    </message>
    <message>
        <source>Current round as PNG…</source>
        <translation>當前輪匯出為 PNG…</translation>
    </message>
    <message>
        <source>Animation as PNG sequence…</source>
        <translation>動畫匯出為 PNG 序列…</translation>
    </message>
    <message>
        <source>First: right after the load (Home)</source>
        <translation>開頭：載入剛完成時（Home）</translation>
    </message>
    <message>
        <source>Back one round (Left)</source>
        <translation>後退一輪（←）</translation>
    </message>
    <message>
        <source>Play / pause (Space)</source>
        <translation>播放 / 暫停（空格）</translation>
    </message>
    <message>
        <source>Forward one round (Right)</source>
        <translation>前進一輪（→）</translation>
    </message>
    <message>
        <source>Last round (End)</source>
        <translation>最後一輪（End）</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>動畫速度</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Tracing %1 on the device…</source>
        <translation>正在裝置上追蹤 %1…</translation>
    </message>
    <message>
        <source>no trace</source>
        <translation>沒有追蹤</translation>
    </message>
    <message>
        <source>loaded · %1 rounds</source>
        <translation>載入後 · 共 %1 輪</translation>
    </message>
    <message>
        <source>round %1 of %2</source>
        <translation>第 %1 輪（共 %2 輪）</translation>
    </message>
    <message>
        <source>&lt;b&gt;loaded&lt;/b&gt; · %1 work-items · %2 warps of %3</source>
        <translation>&lt;b&gt;載入後&lt;/b&gt; · %1 個工作項 · %2 個 warp，每個 %3 通道</translation>
    </message>
    <message>
        <source>&lt;b&gt;round %1 of %2&lt;/b&gt; · stride %3 · ● active &lt;b&gt;%4&lt;/b&gt; / %5 · warps active %6 / %7 · ▨ divergent &lt;b&gt;%8&lt;/b&gt; · ◆ conflicts &lt;b&gt;%9&lt;/b&gt;%10</source>
        <translation>&lt;b&gt;第 %1 輪（共 %2 輪）&lt;/b&gt; · 步長 %3 · ● 活躍 &lt;b&gt;%4&lt;/b&gt; / %5 · 活躍 warp %6 / %7 · ▨ 發散 &lt;b&gt;%8&lt;/b&gt; · ◆ 衝突 &lt;b&gt;%9&lt;/b&gt;%10</translation>
    </message>
    <message>
        <source> (%1-way)</source>
        <translation>（%1 路）</translation>
    </message>
    <message>
        <source>so far: &lt;b&gt;%1&lt;/b&gt; divergent warp-rounds · &lt;b&gt;%2&lt;/b&gt; bank conflicts · %3 work-item steps</source>
        <translation>累計：&lt;b&gt;%1&lt;/b&gt; 個發散的 warp 輪次 · &lt;b&gt;%2&lt;/b&gt; 次 bank 衝突 · %3 個工作項步</translation>
    </message>
    <message>
        <source>&lt;br&gt;partial &lt;b&gt;%1&lt;/b&gt; = the uninstrumented kernel&apos;s ✔</source>
        <translation>&lt;br&gt;部分和 &lt;b&gt;%1&lt;/b&gt; = 未插樁 kernel 的結果 ✔</translation>
    </message>
    <message>
        <source>&lt;br&gt;partial &lt;b&gt;%1&lt;/b&gt; ≠ the uninstrumented kernel&apos;s %2 ✖</source>
        <translation>&lt;br&gt;部分和 &lt;b&gt;%1&lt;/b&gt; ≠ 未插樁 kernel 的 %2 ✖</translation>
    </message>
    <message>
        <source>%1 active work-item &amp;nbsp; %2 idle &amp;nbsp; → read / write &amp;nbsp; %3 divergent warp (hatched band) &amp;nbsp; %4 bank conflict (diamond, dashed arrow, n×) &amp;nbsp; %5 written this round &amp;nbsp; %6 the work-group&apos;s result</source>
        <translation>%1 活躍工作項 &amp;nbsp; %2 空閒 &amp;nbsp; → 讀 / 寫 &amp;nbsp; %3 發散的 warp（斜線帶）&amp;nbsp; %4 bank 衝突（菱形、虛線箭頭、n×）&amp;nbsp; %5 本輪寫入 &amp;nbsp; %6 工作組的結果</translation>
    </message>
    <message>
        <source>Replay to take home (HTML, GIF) or session…</source>
        <translation>帶回家的重播（HTML、GIF）或工作階段…</translation>
    </message>
    <message>
        <source>The session holds one trace.</source>
        <translation>此工作階段只包含一個追蹤。</translation>
    </message>
    <message>
        <source>Opened session %1: %2 trace(s) by %3</source>
        <translation>已開啟工作階段 %1：%2 個追蹤，由 %3 寫入</translation>
    </message>
    <message>
        <source>Panels side by side or one above the other (auto: one above the other only when both panels still get rows tall enough to read)</source>
        <translation>面板並排或上下排列（自動：只有兩個面板的列仍高到足以看清時才上下排列）</translation>
    </message>
    <message>
        <source>Trace again</source>
        <translation>重新追蹤</translation>
    </message>
    <message>
        <source>Traced at local size %1; the view is set to %2 — press Trace again to see %2.</source>
        <translation>追蹤時的本地大小為 %1；檢視現設為 %2——按“重新追蹤”查看 %2。</translation>
    </message>
    <message>
        <source>Traced with warps of %1; the view is set to %2 — press Trace again.</source>
        <translation>追蹤時 warp 寬度為 %1；檢視現設為 %2——請按“重新追蹤”。</translation>
    </message>
    <message>
        <source>Traced with another input — press Trace again to see this one.</source>
        <translation>追蹤時用的是另一個輸入——按“重新追蹤”查看目前的輸入。</translation>
    </message>
    <message>
        <source>The variants changed since this trace — press Trace again to see them.</source>
        <translation>自這次追蹤以來變體已變更——按“重新追蹤”查看新的變體。</translation>
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
        <translation> · %1 個失敗</translation>
    </message>
    <message>
        <source> · best: local %1</source>
        <translation> · 最佳：本地大小 %1</translation>
    </message>
    <message>
        <source> × %1 per work-item</source>
        <translation> × 每個工作項 %1 個</translation>
    </message>
    <message>
        <source> ✖ not verified</source>
        <translation> ✖ 未透過驗證</translation>
    </message>
    <message>
        <source>%1 cancelled after %2 of %3 points</source>
        <translation>%1 在完成 %3 個點中的 %2 個後取消</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失敗：%2</translation>
    </message>
    <message>
        <source>%1 point(s) of the sweep could not run. First: %2</source>
        <translation>掃描中有 %1 個點無法執行。第一個：%2</translation>
    </message>
    <message>
        <source>%1: %2 point(s) measured</source>
        <translation>%1：已測量 %2 個點</translation>
    </message>
    <message>
        <source>, %1 GB/s</source>
        <translation>，%1 GB/s</translation>
    </message>
    <message>
        <source>GB/s against input size — %1</source>
        <translation>GB/s 與輸入規模 — %1</translation>
    </message>
    <message>
        <source>GB/s against local size — %1</source>
        <translation>GB/s 與本地大小 — %1</translation>
    </message>
    <message>
        <source>Not on this ladder: %1</source>
        <translation>不在本階梯上：%1</translation>
    </message>
    <message>
        <source>Optimization ladder — %1</source>
        <translation>最佳化階梯 — %1</translation>
    </message>
    <message>
        <source>auto-tune, %1, n = %2</source>
        <translation>自動調校，%1，n = %2</translation>
    </message>
    <message>
        <source>ladder, %1 %2, n = %3</source>
        <translation>最佳化階梯，%1 %2，n = %3</translation>
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
        <translation>本地大小掃描，n = %1</translation>
    </message>
    <message>
        <source>measuring local %1…</source>
        <translation>正在測量本地大小 %1…</translation>
    </message>
    <message>
        <source>n sweep, 2^%1 … 2^%2</source>
        <translation>n 掃描，2^%1 … 2^%2</translation>
    </message>
    <message>
        <source>nothing to measure for %1 on this device</source>
        <translation>本裝置上沒有可供 %1 測量的內容</translation>
    </message>
    <message>
        <source>tuning</source>
        <translation>調校</translation>
    </message>
    <message>
        <source>✖ %1</source>
        <translation>✖ %1</translation>
    </message>
    <message>
        <source>Applied the best configuration: local %1</source>
        <translation>已套用最佳配置：本地大小 %1</translation>
    </message>
    <message>
        <source> · from cache</source>
        <translation> · 來自快取</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ThroughputChart</name>
    <message>
        <source>read ceiling (best&apos;s own reads)</source>
        <translation>讀取頻寬上限（best 自身的讀取）</translation>
    </message>
    <message>
        <source>local size (work-items per work-group)</source>
        <translation>本地大小（每個工作組的工作項數）</translation>
    </message>
    <message>
        <source>n (elements, log₂ scale)</source>
        <translation>n（元素數，log₂ 座標）</translation>
    </message>
    <message>
        <source>GB/s (input bytes ÷ time)</source>
        <translation>GB/s（輸入位元組數 ÷ 時間）</translation>
    </message>
    <message>
        <source> × %1 per work-item</source>
        <translation> × 每個工作項 %1 個</translation>
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
        <translation> · 每個工作項 %1 個</translation>
    </message>
    <message>
        <source>
%1 GB/s</source>
        <translation>
%1 GB/s</translation>
    </message>
    <message>
        <source> = %1 of the copy ceiling (%2 GB/s)</source>
        <translation> = 複製頻寬上限（%2 GB/s）的 %1</translation>
    </message>
    <message>
        <source>, %1 of read-only</source>
        <translation>，只讀上限的 %1</translation>
    </message>
    <message>
        <source>
%1 ms (median of %2) · %3</source>
        <translation>
%1 ms（%2 次的中位數）· %3</translation>
    </message>
    <message>
        <source>✔ verified</source>
        <translation>✔ 已驗證</translation>
    </message>
    <message>
        <source>✖ NOT verified</source>
        <translation>✖ 未透過驗證</translation>
    </message>
    <message>
        <source>from cache: above the measured memory ceiling</source>
        <translation>來自快取：高於實測的記憶體頻寬上限</translation>
    </message>
    <message>
        <source>▲ %1, above the scale</source>
        <translation>▲ %1，超出座標範圍</translation>
    </message>
    <message>
        <source>copy ceiling</source>
        <translation>複製頻寬上限</translation>
    </message>
    <message>
        <source>read-only ceiling</source>
        <translation>唯讀頻寬上限</translation>
    </message>
</context>
<context>
    <name>reducelab::ui::ToolWindow</name>
    <message>
        <source>No OpenCL device: %1</source>
        <translation>沒有 OpenCL 裝置：%1</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失敗：%1</translation>
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
        <translation>%1 已寫入 %2</translation>
    </message>
    <message>
        <source>%1: choose a .csv or .json file</source>
        <translation>%1：請選擇 .csv 或 .json 檔案</translation>
    </message>
    <message>
        <source>%1: choose a .png, .svg or .pdf file</source>
        <translation>%1：請選擇 .png、.svg 或 .pdf 檔案</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>圖表</translation>
    </message>
    <message>
        <source>Chart copied to the clipboard</source>
        <translation>圖表已複製到剪貼簿</translation>
    </message>
    <message>
        <source>Chart data</source>
        <translation>圖表資料</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>匯出圖表</translation>
    </message>
    <message>
        <source>Export chart data</source>
        <translation>匯出圖表資料</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>匯出結果</translation>
    </message>
    <message>
        <source>Export the current round</source>
        <translation>匯出當前輪</translation>
    </message>
    <message>
        <source>Folder for the PNG sequence</source>
        <translation>PNG 序列的資料夾</translation>
    </message>
    <message>
        <source>PNG (*.png)</source>
        <translation>PNG (*.png)</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Results JSON (*.json)</source>
        <translation>結果 JSON (*.json)</translation>
    </message>
    <message>
        <source>Step animation</source>
        <translation>單步動畫</translation>
    </message>
    <message>
        <source>Step round</source>
        <translation>單步輪次</translation>
    </message>
    <message>
        <source>could not write the PNG sequence to %1</source>
        <translation>無法把 PNG 序列寫入 %1</translation>
    </message>
    <message>
        <source>there is no trace to export: press Trace first</source>
        <translation>沒有可匯出的追蹤：請先點選“追蹤”</translation>
    </message>
    <message>
        <source>Step replay</source>
        <translation>單步重播</translation>
    </message>
    <message>
        <source>Export step replay</source>
        <translation>匯出單步重播</translation>
    </message>
    <message>
        <source>HTML replay (*.html);;Animated GIF (*.gif);;ReduceLab session (*.reducelab)</source>
        <translation>HTML 重播 (*.html);;GIF 動畫 (*.gif);;ReduceLab 工作階段 (*.reducelab)</translation>
    </message>
    <message>
        <source>%1 is not a chart format (PNG, SVG or PDF). Save the chart as %2?</source>
        <translation>%1 不是圖表格式（PNG、SVG 或 PDF）。將圖表儲存為 %2？</translation>
    </message>
    <message>
        <source>%1 already exists. Replace it?</source>
        <translation>%1 已存在。要取代它嗎？</translation>
    </message>
</context>
</TS>
