import type { MenuItem, MenuSectionId } from './menu';

/**
 * Every item the cafe sells, once (DECISIONS.md: one menu data set for the page, the poster and the
 * QR target). Prices in pence, VAT included. Allergens per item follow the kitchen's recipe sheets;
 * change them here and every screen follows.
 */
const adultImage = (id: string, alt: string) => ({ src: `/menu/${id}.svg`, alt });

export const menuItems: readonly MenuItem[] = [
  // Kids meals: 8 items, £4.25-£6.00 (SPEC.md section 9)
  { id: 'kids-nuggets', section: 'kids', name: 'Chicken Nuggets & Chips', pricePence: 450, description: 'Golden breaded chicken nuggets with chips and peas or beans.', allergens: ['gluten'], emoji: '🍗', popular: true, posterCategory: 'mains' },
  { id: 'kids-fish-fingers', section: 'kids', name: 'Fish Fingers & Chips', pricePence: 475, description: 'Three crispy fish fingers with chips and peas or beans.', allergens: ['fish', 'gluten'], emoji: '🐟', posterCategory: 'mains' },
  { id: 'kids-sausage', section: 'kids', name: 'Sausage & Mash', pricePence: 425, description: 'Two pork sausages with creamy mash and gravy.', allergens: ['gluten', 'milk', 'sulphites'], emoji: '🌭', posterCategory: 'mains' },
  { id: 'kids-pasta', section: 'kids', name: 'Tomato Pasta', pricePence: 450, description: 'Pasta shapes in a mild tomato sauce with grated cheese.', allergens: ['gluten', 'milk', 'celery'], emoji: '🍝', posterCategory: 'mains' },
  { id: 'kids-margherita', section: 'kids', name: 'Mini Margherita Pizza', pricePence: 550, description: 'A 7-inch pizza with tomato and mozzarella, cut into slices.', allergens: ['gluten', 'milk'], emoji: '🍕', popular: true, posterCategory: 'mains' },
  { id: 'kids-pepperoni', section: 'kids', name: 'Mini Pepperoni Pizza', pricePence: 600, description: 'A 7-inch pizza with tomato, mozzarella and mild pepperoni.', allergens: ['gluten', 'milk'], emoji: '🍕', posterCategory: 'mains' },
  { id: 'kids-lunchbox-ham', section: 'kids', name: 'Ham Sandwich Lunchbox', pricePence: 500, description: 'Ham sandwich, fruit pot, yoghurt and a carton of apple juice.', allergens: ['gluten', 'milk'], emoji: '🥪', posterCategory: 'lunchbox' },
  { id: 'kids-lunchbox-cheese', section: 'kids', name: 'Cheese Sandwich Lunchbox', pricePence: 500, description: 'Cheese sandwich, veggie sticks, yoghurt and a carton of apple juice.', allergens: ['gluten', 'milk'], emoji: '🧀', posterCategory: 'lunchbox' },

  // Adult food: 8 items, £6.50-£9.50
  { id: 'adult-jacket-potato', section: 'adult', name: 'Jacket Potato', pricePence: 650, description: 'Oven-baked potato with cheese and beans, side salad.', allergens: ['milk'], emoji: '🥔', posterCategory: 'mains', image: adultImage('jacket-potato', 'A jacket potato topped with beans and melted cheese beside a side salad'), sophisticatedDescription: 'Slow-baked until the skin crackles, filled with mature Cheddar and rich beans, served with a crisp leaf salad.' },
  { id: 'adult-soup', section: 'adult', name: 'Soup of the Day', pricePence: 650, description: 'Homemade soup with crusty bread and butter.', allergens: ['celery', 'gluten', 'milk'], emoji: '🍲', popular: true, posterCategory: 'mains', image: adultImage('soup', 'A bowl of orange soup with a swirl of cream and a slice of crusty bread'), sophisticatedDescription: "Made in our kitchen every morning from seasonal vegetables, with warm crusty bread and salted butter. Ask what today's is." },
  { id: 'adult-halloumi-wrap', section: 'adult', name: 'Halloumi & Roasted Veg Wrap', pricePence: 795, description: 'Grilled halloumi and roasted vegetables in a toasted wrap.', allergens: ['gluten', 'milk'], emoji: '🌯', posterCategory: 'mains', image: adultImage('halloumi-wrap', 'A toasted wrap cut in half showing grilled halloumi and roasted peppers'), sophisticatedDescription: 'Chargrilled halloumi with roasted peppers, courgette and red onion, a drizzle of herb yoghurt, folded in a toasted flour tortilla.' },
  { id: 'adult-club-sandwich', section: 'adult', name: 'Club Sandwich', pricePence: 795, description: 'Chicken, bacon, lettuce and tomato on toast with crisps.', allergens: ['gluten', 'eggs', 'mustard'], emoji: '🥪', posterCategory: 'mains', image: adultImage('club-sandwich', 'A triple-decker club sandwich held with cocktail sticks'), sophisticatedDescription: 'A triple-decker of roast chicken, smoked back bacon, crisp lettuce and vine tomato with a light mustard mayonnaise.' },
  { id: 'adult-tuna-melt', section: 'adult', name: 'Tuna Melt Panini', pricePence: 750, description: 'Tuna mayonnaise and melted Cheddar in a toasted panini.', allergens: ['fish', 'gluten', 'eggs', 'milk'], emoji: '🥖', posterCategory: 'mains', image: adultImage('tuna-melt', 'A toasted panini with melted cheese and a small salad garnish'), sophisticatedDescription: 'Line-caught tuna folded through mayonnaise with spring onion, pressed in a panini with mature Cheddar until golden.' },
  { id: 'adult-caesar-salad', section: 'adult', name: 'Chicken Caesar Salad', pricePence: 850, description: 'Chicken, cos lettuce, croutons, Parmesan and Caesar dressing.', allergens: ['gluten', 'eggs', 'fish', 'milk', 'mustard'], emoji: '🥗', posterCategory: 'mains', image: adultImage('caesar-salad', 'A bowl of Caesar salad with sliced chicken, croutons and shaved Parmesan'), sophisticatedDescription: 'Sliced roast chicken over crisp cos, garlic croutons and shaved Parmesan, dressed in a classic anchovy Caesar.' },
  { id: 'adult-breakfast', section: 'adult', name: 'All-Day Breakfast', pricePence: 950, description: 'Sausage, bacon, egg, beans, tomato, hash brown and toast.', allergens: ['gluten', 'eggs', 'sulphites'], emoji: '🍳', popular: true, posterCategory: 'mains', image: adultImage('breakfast', 'A full breakfast plate with egg, sausage, bacon, beans, tomato and toast'), sophisticatedDescription: 'Somerset pork sausage, dry-cured bacon, a free-range egg your way, beans, roast tomato, hash brown and buttered toast.' },
  { id: 'adult-burger', section: 'adult', name: 'Beef Burger & Chips', pricePence: 950, description: 'Beef burger in a brioche bun with Cheddar, salad and chips.', allergens: ['gluten', 'eggs', 'milk', 'sesame', 'mustard'], emoji: '🍔', posterCategory: 'mains', image: adultImage('burger', 'A beef burger in a sesame brioche bun with a side of chips'), sophisticatedDescription: 'A 6oz West Country beef patty with melted Cheddar, gem lettuce, tomato and burger relish in a toasted brioche bun, with skin-on chips.' },

  // Snacks & treats: 7 items, £1.25-£3.50
  { id: 'snack-crisps', section: 'snacks', name: 'Ready Salted Crisps', pricePence: 125, description: 'A bag of ready salted crisps.', allergens: [], emoji: '🥔', posterCategory: 'snacks' },
  { id: 'snack-fruit-pot', section: 'snacks', name: 'Fresh Fruit Pot', pricePence: 200, description: 'Melon, grapes and berries, freshly prepared.', allergens: [], emoji: '🍓', posterCategory: 'healthy' },
  { id: 'snack-veggie-hummus', section: 'snacks', name: 'Veggie Sticks & Hummus', pricePence: 275, description: 'Carrot, cucumber and pepper sticks with a pot of hummus.', allergens: ['sesame'], emoji: '🥕', posterCategory: 'healthy' },
  { id: 'snack-ice-cream', section: 'snacks', name: 'Ice Cream Tub', pricePence: 225, description: 'A tub of vanilla, chocolate or strawberry ice cream.', allergens: ['milk'], emoji: '🍦', posterCategory: 'dessert' },
  { id: 'snack-muffin', section: 'snacks', name: 'Blueberry Muffin', pricePence: 250, description: 'A soft muffin bursting with blueberries.', allergens: ['gluten', 'eggs', 'milk'], emoji: '🧁', posterCategory: 'dessert' },
  { id: 'snack-brownie', section: 'snacks', name: 'Chocolate Brownie', pricePence: 275, description: 'A rich, gooey chocolate brownie.', allergens: ['gluten', 'eggs', 'milk', 'soya'], emoji: '🍫', popular: true, posterCategory: 'dessert' },
  { id: 'snack-cream-tea', section: 'snacks', name: 'Scone with Jam & Cream', pricePence: 350, description: 'A warm scone with strawberry jam and clotted cream.', allergens: ['gluten', 'eggs', 'milk'], emoji: '🍰', posterCategory: 'dessert' },

  // Drinks: 12 items, £1.50-£3.50
  { id: 'drink-babyccino', section: 'drinks', name: 'Babyccino', pricePence: 150, description: 'Warm frothy milk with a dusting of chocolate.', allergens: ['milk'], emoji: '🍼', popular: true, posterCategory: 'hot' },
  { id: 'drink-tea', section: 'drinks', name: 'Pot of Tea', pricePence: 200, description: 'English breakfast, decaf or herbal.', allergens: [], emoji: '🫖', posterCategory: 'hot' },
  { id: 'drink-americano', section: 'drinks', name: 'Americano', pricePence: 250, description: 'Freshly ground coffee. Oat and soya milk available.', allergens: [], emoji: '☕', posterCategory: 'hot' },
  { id: 'drink-latte', section: 'drinks', name: 'Latte', pricePence: 300, description: 'Espresso with steamed milk.', allergens: ['milk'], emoji: '☕', posterCategory: 'hot' },
  { id: 'drink-cappuccino', section: 'drinks', name: 'Cappuccino', pricePence: 300, description: 'Espresso with foamed milk and chocolate dusting.', allergens: ['milk'], emoji: '☕', posterCategory: 'hot' },
  { id: 'drink-hot-chocolate', section: 'drinks', name: 'Hot Chocolate', pricePence: 325, description: 'With whipped cream and marshmallows.', allergens: ['milk', 'soya'], emoji: '🍫', popular: true, posterCategory: 'hot' },
  { id: 'drink-water', section: 'drinks', name: 'Bottled Water', pricePence: 150, description: 'Still or sparkling, 500ml.', allergens: [], emoji: '💧', posterCategory: 'cold' },
  { id: 'drink-squash', section: 'drinks', name: 'Fruit Squash', pricePence: 150, description: 'Orange or blackcurrant, no added sugar.', allergens: [], emoji: '🧃', posterCategory: 'cold' },
  { id: 'drink-juice', section: 'drinks', name: 'Fruit Juice', pricePence: 175, description: 'Apple or orange juice carton.', allergens: [], emoji: '🧃', posterCategory: 'cold' },
  { id: 'drink-fizzy', section: 'drinks', name: 'Canned Soft Drink', pricePence: 200, description: 'Cola, diet cola or lemonade, 330ml.', allergens: [], emoji: '🥤', posterCategory: 'cold' },
  { id: 'drink-milkshake', section: 'drinks', name: 'Milkshake', pricePence: 325, description: 'Chocolate, strawberry or banana.', allergens: ['milk'], emoji: '🥛', posterCategory: 'cold' },
  { id: 'drink-smoothie', section: 'drinks', name: 'Fruit Smoothie', pricePence: 350, description: 'Strawberry and banana blended with yoghurt.', allergens: ['milk'], emoji: '🍓', popular: true, posterCategory: 'cold' },
];

export function itemsOf(section: MenuSectionId): MenuItem[] {
  return menuItems.filter((item) => item.section === section);
}
