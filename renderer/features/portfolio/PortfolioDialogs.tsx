/** The Portfolio page's dialog that is open, if any: split, sale, import, fetch from Steam, restore. */
import type { GameId } from '../../../shared/catalog/games';
import { ImportDialog } from './ImportDialog';
import { RestoreDialog } from './RestoreDialog';
import { SaleDialog } from './SaleDialog';
import { SplitDialog } from './SplitDialog';
import { SteamFetchDialog } from './SteamFetchDialog';
import type { PortfolioScreenModel } from './usePortfolioScreen';

export function PortfolioDialogs({ game, model }: { game: GameId; model: PortfolioScreenModel }) {
  const { open, setOpen, say, ledger, heldOf } = model;
  const close = () => setOpen(null);
  switch (open?.kind) {
    case 'split':
      return <SplitDialog holding={open.holding} onClose={close} onDone={say} />;
    case 'sale':
      return (
        <SaleDialog
          game={game}
          name={open.name}
          // Editing a sale: what it took (less any shortfall) is available again to the edited sale.
          held={
            heldOf(open.name) + (open.sale ? open.sale.quantity - (ledger.sales.get(open.sale.id)?.shortfall ?? 0) : 0)
          }
          existing={open.sale}
          onClose={close}
          onDone={say}
        />
      );
    case 'import':
      return <ImportDialog game={game} onClose={close} onDone={say} />;
    case 'steam':
      return <SteamFetchDialog game={game} onClose={close} onDone={say} />;
    case 'restore':
      return <RestoreDialog onClose={close} onDone={say} />;
    default:
      return null;
  }
}
